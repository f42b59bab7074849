import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { nxEnv, repoRoot } from './paths.js';

// Everything the web bundle is made from.
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'libs/api-contract/src',
  'libs/ui/src',
  'libs/devices/src',
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

export const webDistDir = path.join(repoRoot, 'apps/web/dist');

export function webBuildIsStale(): boolean {
  const built = path.join(webDistDir, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return WEB_SOURCES.some((source) => newestMtime(path.join(repoRoot, source)) > builtAt);
}

/** Builds the web app through Nx (which honours dependsOn) when its sources are newer than dist. */
export function buildWebIfStale(log: (line: string) => void = console.log): void {
  if (!webBuildIsStale()) return;
  log('正在构建前端页面…');
  const result = spawnSync('npx', ['nx', 'run', '@checkup/web:build', '--outputStyle=stream'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...nxEnv },
  });
  if (result.status !== 0) throw new Error('前端构建失败，请查看上面的输出');
}
