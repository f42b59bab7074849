import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  allowedCpus,
  cpuSeconds,
  installCleanup,
  pinSelf,
  removeOnExit,
  repoRoot,
  stopAll,
} from '../shared/processes.js';
import { DATABASE_LABELS, type DatabaseKind } from './databases.js';
import { closedLoop, type Run } from './load.js';
import { todayCst } from './mix.js';
import { log, minutes, options } from './options.js';
import { prepare, startTarget, type Prepared, type Target } from './prepare.js';
import { checkTargets, rowsOf, table, targetLines, writeJson, type Row } from './report.js';

/** Two CPUs or more: the load generator gets the last one, the checkup server and BFF the rest. */
function cpuPlan() {
  const cpus = allowedCpus();
  if (cpus.length < 2) {
    const why = cpus.length === 0 ? 'taskset not available' : 'only one CPU';
    return { servers: null, load: null, description: `not pinned (${why})` };
  }
  const servers = cpus.slice(0, -1).join(',');
  const load = String(cpus[cpus.length - 1]);
  return {
    servers,
    load,
    description: `checkup server + BFF on CPU ${servers}, load generator on CPU ${load}, PostgreSQL not pinned`,
  };
}

/** Starts counting the stack's CPU time; the returned function gives µs per request. */
function cpuMeter(pids: Target['pids']) {
  const before = { bff: cpuSeconds(pids.bff), server: cpuSeconds(pids.server) };
  const perRequest = (start: number | null, end: number | null, requests: number) =>
    start === null || end === null || requests === 0 ? null : ((end - start) * 1e6) / requests;
  return (requests: number) => ({
    bff: perRequest(before.bff, cpuSeconds(pids.bff), requests),
    server: perRequest(before.server, cpuSeconds(pids.server), requests),
  });
}

/**
 * Call by call, each database in turn, so that drift in the machine's load touches both alike:
 * a warm-up at the highest concurrency, then one closed loop per concurrency level.
 */
async function measureAll(targets: Target[]): Promise<{ rows: Row[]; runs: Record<string, unknown>[] }> {
  const rows: Row[] = [];
  const runs: Record<string, unknown>[] = [];
  const calls = targets[0]?.mixes.map((m) => m.call) ?? [];
  const highest = options.connections[options.connections.length - 1]!;
  log(
    `measuring ${calls.join(', ')}: ${options.warmupSeconds} s warm-up, then ${options.seconds} s closed loop at ${options.connections.join(' and ')} connections`,
  );
  for (const call of calls) {
    for (const { kind, sessions, mixes, pids } of targets) {
      const mix = mixes.find((m) => m.call === call)!;
      if (options.warmupSeconds > 0) {
        await closedLoop(sessions, mix.requests, { seconds: options.warmupSeconds, connections: highest });
      }
      for (const connections of options.connections) {
        const cpu = cpuMeter(pids);
        const run: Run = await closedLoop(sessions, mix.requests, { seconds: options.seconds, connections });
        const cpuUs = cpu(run.latencyMs.length);
        // Per kind only at the lowest level: under saturation every kind waits in the same queue.
        const [row, ...byKind] = rowsOf(
          { database: kind, mix, connections, run, cpuUs },
          connections === options.connections[0],
        );
        rows.push(row!, ...byKind);
        runs.push({ database: kind, call, connections, cpuUs, ...run });
        const failed = run.failures ? `  ${run.failures} FAILED, first: ${run.firstFailure}` : '';
        log(
          `  ${DATABASE_LABELS[kind].padEnd(10)} ${call.padEnd(8)} ×${String(connections).padEnd(3)} ${row!.rps.toFixed(0).padStart(5)} req/s  p50 ${row!.p50.toFixed(1)}  p95 ${row!.p95.toFixed(1)}  p99 ${row!.p99.toFixed(1)} ms${failed}`,
        );
      }
    }
  }
  return { rows, runs };
}

async function main(): Promise<void> {
  installCleanup();
  const startedAt = new Date();
  const today = todayCst();
  const plan = cpuPlan();
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'bench-server-'));
  removeOnExit(tempDir);
  const loadBefore = os.loadavg()[0]!;
  log(`bench:server — ${options.databases.map((k) => DATABASE_LABELS[k]).join(' and ')}, ${options.orders} orders`);
  log(`CPUs: ${plan.description}; load average ${loadBefore.toFixed(2)}`);
  if (loadBefore > 0.5) log('other work is running: latencies will be noisy');

  try {
    const prepared = new Map<DatabaseKind, Prepared>();
    const skipped = new Map<DatabaseKind, string>();
    for (const kind of options.databases) {
      const result = await prepare(kind, tempDir, today);
      if ('skipped' in result) skipped.set(kind, result.skipped);
      else prepared.set(kind, result);
    }

    // Children inherit this process's CPUs: the stacks start pinned to the servers' share.
    pinSelf(plan.servers);
    const targets: Target[] = [];
    for (const p of prepared.values()) targets.push(await startTarget(p, today));
    pinSelf(plan.load);

    const { rows, runs } = await measureAll(targets);
    const checks = checkTargets(rows, options.databases, options.connections, skipped);
    console.log(`\n${options.orders} orders, ${options.seconds} s per row, through the BFF (${plan.description})\n`);
    console.log(table(rows));
    for (const [kind, reason] of skipped) console.log(`${DATABASE_LABELS[kind]} NOT MEASURED: ${reason}`);
    for (const [kind, p] of prepared) {
      console.log(
        `${DATABASE_LABELS[kind]}: seeded in ${minutes(p.seedMs)}; maintenance: ${p.maintenance}; planner statistics: ${p.plannerStatistics ? 'yes' : 'no'}`,
      );
    }
    console.log('\ntargets');
    console.log(targetLines(checks));

    const file = await writeJson(path.join(repoRoot, 'bench', 'results'), startedAt, {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      node: process.version,
      cpus: plan,
      loadAverage: { before: loadBefore, after: os.loadavg()[0] },
      options: { ...options, analyze: [...options.analyze], adminUrl: undefined, today },
      databases: [...prepared.values()].map(({ visits: _, ...p }) => p),
      skipped: Object.fromEntries(skipped),
      mixes: Object.fromEntries(targets.map((t) => [t.kind, t.mixes])),
      rows,
      targets: checks,
      runs,
    });
    console.log(`\nresults: ${path.relative(repoRoot, file)}`);
  } finally {
    await stopAll();
  }
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await stopAll(2000);
  process.exit(1);
});
