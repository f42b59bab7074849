import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Which CPUs each side runs on; null everywhere when taskset is missing or there is one CPU. */
export interface CorePlan {
  upstream: string | null;
  contender: string | null;
  load: string | null;
  description: string;
}

/** The CPUs this process may run on, from taskset; empty when taskset is missing. */
export function allowedCpus(): number[] {
  const out = spawnSync('taskset', ['-cp', String(process.pid)], { encoding: 'utf8' });
  if (out.status !== 0) return [];
  const list = out.stdout.split(':').pop()?.trim() ?? '';
  return list.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number);
    if (from === undefined || to === undefined || Number.isNaN(from) || Number.isNaN(to)) return [];
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

/**
 * Two CPUs: upstream and contender share one, the load generator has the other, so every
 * contender spends from the same budget and the generator never steals from it. Three or more:
 * upstream, contender and load generator get one each.
 */
export function planCores(): CorePlan {
  const cpus = allowedCpus();
  const [a, b, c] = cpus.map(String);
  if (a === undefined || b === undefined) {
    const why = cpus.length === 0 ? 'taskset not available' : 'only one CPU';
    return { upstream: null, contender: null, load: null, description: `not pinned (${why})` };
  }
  if (c === undefined) {
    return {
      upstream: a,
      contender: a,
      load: b,
      description: `upstream + contender on CPU ${a}, load generator on CPU ${b}`,
    };
  }
  return {
    upstream: a,
    contender: b,
    load: c,
    description: `upstream on CPU ${a}, contender on CPU ${b}, load generator on CPU ${c}`,
  };
}

/** Pins this process (every thread) — it runs the load generator. */
export function pinSelf(cpus: string | null): void {
  if (cpus) spawnSync('taskset', ['-a', '-p', '-c', cpus, String(process.pid)], { stdio: 'ignore' });
}

const CLOCK_TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/**
 * CPU seconds (user + system) a process has used, from /proc; null where there is no /proc.
 * Unlike req/s it hardly moves when other work shares the machine.
 */
export function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the command name, which may itself hold spaces: utime and stime are 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** A process's children as pid and command line, from /proc; empty where there is no /proc. */
export function childProcesses(parent = process.pid): { pid: number; command: string }[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // After the command name: state, then the parent's pid.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== parent) return [];
      return [{ pid: Number(name), command: readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ') }];
    } catch {
      return []; // gone meanwhile
    }
  });
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface Managed {
  name: string;
  child: ChildProcess;
  /** The last lines the process wrote, for error messages. */
  output(): string;
}

const running = new Set<Managed>();
const tempDirs = new Set<string>();
const stopTasks: (() => Promise<void>)[] = [];

/** A scratch directory removed however this process ends. */
export function removeOnExit(dir: string): void {
  tempDirs.add(dir);
}

export function startProcess(opts: {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  cpus: string | null;
  /** Each line the process writes on stdout, as it comes (a progress report). */
  onLine?: (line: string) => void;
}): Managed {
  const [command, args] = opts.cpus
    ? ['taskset', ['-c', opts.cpus, opts.command, ...opts.args]]
    : [opts.command, opts.args];
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const { onLine } = opts;
  if (onLine) {
    let partial = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
  }
  const managed: Managed = { name: opts.name, child, output: () => tail };
  running.add(managed);
  child.once('exit', () => running.delete(managed));
  return managed;
}

/** A TypeScript entry run the way the product runs (node --import tsx). */
export function startNodeScript(opts: {
  name: string;
  script: string;
  args?: string[];
  env: Record<string, string>;
  cpus: string | null;
  nodeArgs?: string[];
  onLine?: (line: string) => void;
}): Managed {
  return startProcess({
    name: opts.name,
    command: process.execPath,
    args: [...(opts.nodeArgs ?? []), '--import', 'tsx', opts.script, ...(opts.args ?? [])],
    env: opts.env,
    cpus: opts.cpus,
    onLine: opts.onLine,
  });
}

export async function waitReady(url: string, proc: Managed, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      throw new Error(`${proc.name} exited before it was ready:\n${proc.output()}`);
    }
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${proc.name} not ready within ${timeoutMs / 1000} s:\n${proc.output()}`);
}

function stopOne({ child }: Managed, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Stops the given processes (SIGTERM, SIGKILL after the grace time) and waits for them. */
export async function stopProcesses(list: Managed[], graceMs = 5000): Promise<void> {
  await Promise.all(list.map((m) => stopOne(m, graceMs)));
}

/**
 * Work for stopAll once the children are gone, newest first: processes started by other means
 * (the launcher's stack), then what they used (a database to drop).
 */
export function onStop(task: () => Promise<void>): void {
  stopTasks.push(task);
}

let stopping: Promise<void> | null = null;

/**
 * SIGTERM (a BFF started with --cpu-prof writes its profile then), SIGKILL after the grace time,
 * then the onStop tasks. Callers that overlap (Ctrl-C while main's own cleanup runs) share one pass,
 * so none of them exits the process before a task has finished.
 */
export function stopAll(graceMs = 5000): Promise<void> {
  stopping ??= (async () => {
    await Promise.all([...running].map((m) => stopOne(m, graceMs)));
    for (let task = stopTasks.pop(); task; task = stopTasks.pop()) {
      await task().catch((error: unknown) =>
        console.error(`cleanup: ${error instanceof Error ? error.message : error}`),
      );
    }
  })().finally(() => {
    stopping = null;
  });
  return stopping;
}

/**
 * Every child is stopped on Ctrl-C and SIGTERM, and killed outright if this process exits
 * anyway; scratch directories go too.
 */
export function installCleanup(): void {
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping every child process`);
    void stopAll(2000).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('exit', () => {
    for (const { child } of running) child.kill('SIGKILL');
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });
}
