import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freshStack, hospitalDay } from './stack.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory migrated and seeded by one start of the product, copied for each file's stack. */
    stackTemplate: string;
    /** The hospital day the template's demo visits were seeded for. */
    stackTemplateDay: string;
  }
}

/**
 * The product migrates and seeds its database at a first start: about fifteen seconds on the CI machine,
 * the same for every e2e file. One start here does it once; each file's stack starts on a copy.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'checkup-e2e-template-'));
  const day = hospitalDay();
  const stack = await freshStack(dir);
  await stack.stop();
  // 统计分析's first refresh (every visit, every day's rollups) once here: otherwise each file's server
  // would run it at its start, and PGlite answers nothing else meanwhile (screens waited past 30 s).
  const repo = fileURLToPath(new URL('../../', import.meta.url));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
  delete env.DATABASE_URL;
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/checkup-server/src/db/seed-cli.ts', '--refresh'], {
    cwd: repo,
    env,
    stdio: 'ignore',
  });
  project.provide('stackTemplate', dir);
  project.provide('stackTemplateDay', day);
  return () => rmSync(dir, { recursive: true, force: true });
}
