import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const nxEnv = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

export interface SuiteResult {
  suite: string;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  /** One line per failed test (file, name, the first line of its message), printed again in the summary. */
  failures?: string[];
}

function run(command: string, args: string[], env: Record<string, string> = {}): { status: number; output: string } {
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...nxEnv, FORCE_COLOR: '0', ...env },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  process.stdout.write(output);
  return { status: result.status ?? 1, output };
}

function timed(suite: string, body: () => Omit<SuiteResult, 'suite' | 'seconds'>): SuiteResult {
  console.log(`\n━━━ ${suite} ━━━`);
  const start = Date.now();
  const result = body();
  return { suite, ...result, seconds: (Date.now() - start) / 1000 };
}

function projectsWith(target: string): string[] {
  const { stdout } = spawnSync('npx', ['nx', 'show', 'projects', '--with-target', target, '--json'], {
    cwd: repoRoot,
    env: { ...process.env, ...nxEnv },
    encoding: 'utf8',
  });
  return JSON.parse(stdout.slice(stdout.indexOf('['))) as string[];
}

/** One check per project and target; Nx lists the failed tasks by name. */
export function nxTargets(targets: string[]): SuiteResult {
  return timed(targets.join(' + '), () => {
    const total = targets.reduce((sum, t) => sum + projectsWith(t).length, 0);
    const { status, output } = run('npx', [
      'nx',
      'run-many',
      '-t',
      ...targets,
      '--parallel=2',
      '--outputStyle=static',
      // Every check really runs on every npm test; a cache hit is not a pass.
      '--skip-nx-cache',
    ]);
    const failedSection = output.split('Failed tasks:')[1] ?? '';
    const failed = status === 0 ? 0 : Math.max(1, (failedSection.match(/^- \S+:\S+/gm) ?? []).length);
    return { passed: total - failed, failed, skipped: 0 };
  });
}

export function command(suite: string, cmd: string, args: string[]): SuiteResult {
  return timed(suite, () => {
    const { status } = run(cmd, args);
    return { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0 };
  });
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

function firstLine(text: string | undefined): string {
  return (
    (text ?? '')
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

/** The failed tests of a vitest JSON report, and the files that failed without a failed test (a load error). */
function failuresOf(json: VitestJson): string[] {
  const lines: string[] = [];
  for (const file of json.testResults ?? []) {
    const where = path.relative(repoRoot, file.name);
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) lines.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (failedTests.length === 0 && file.status === 'failed') lines.push(`${where}: ${firstLine(file.message)}`);
  }
  return lines;
}

/** A vitest run counted from its JSON report; a run that crashed before reporting is one failure. */
export function vitest(suite: string, args: string[]): SuiteResult {
  return timed(suite, () => {
    const dir = path.join(repoRoot, 'node_modules/.cache/test-runner');
    mkdirSync(dir, { recursive: true });
    const report = path.join(dir, `${suite}.json`);
    rmSync(report, { force: true });
    const { status } = run('npx', [
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ]);
    if (!existsSync(report)) return { passed: 0, failed: 1, skipped: 0 };
    const json = JSON.parse(readFileSync(report, 'utf8')) as VitestJson;
    // A file that fails to load has no tests in it but is still a failure.
    const failed = json.numFailedTests + (json.numFailedTests === 0 ? json.numFailedTestSuites : 0);
    return {
      passed: json.numPassedTests,
      failed: failed === 0 && status !== 0 ? 1 : failed,
      skipped: json.numPendingTests + json.numTodoTests,
      failures: failuresOf(json),
    };
  });
}
