import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  project.provide('stackTemplate', dir);
  project.provide('stackTemplateDay', day);
  return () => rmSync(dir, { recursive: true, force: true });
}
