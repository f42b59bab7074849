import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DATABASE_LABELS, type DatabaseKind } from '../server/databases.js';
import { closedLoop } from '../server/load.js';
import { allowedCpus, installCleanup, pinSelf, removeOnExit, repoRoot, stopAll } from '../shared/processes.js';
import { measureExport, type ExportRun } from './export.js';
import { log, options } from './options.js';
import { prepareTarget, type Target } from './prepare.js';
import { exportTable, listTable, rowsOf, targetLines, writeJson, type Row } from './report.js';

/**
 * bench:catalogue (issue 18): the 体检配置 lists at a real centre's scale through the BFF, one
 * request at a time (the service time a user waits for), and the 10,000-row export.
 */
async function measureLists(targets: Target[]) {
  const rows: Row[] = [];
  const runs: Record<string, unknown>[] = [];
  for (const [n, mix] of targets[0]!.mixes.entries()) {
    // Call by call, each database in turn, so that drift in the machine's load touches both alike.
    for (const target of targets) {
      const own = target.mixes[n]!;
      const session = [target.session];
      if (options.warmupSeconds > 0)
        await closedLoop(session, own.requests, { seconds: options.warmupSeconds, connections: 1 });
      const run = await closedLoop(session, own.requests, { seconds: options.seconds, connections: 1 });
      const [row, ...byKind] = rowsOf(target.kind, own, run);
      rows.push(row!, ...byKind);
      runs.push({ database: target.kind, list: mix.list, call: mix.call, ...run });
      const failed = run.failures ? `  ${run.failures} FAILED, first: ${run.firstFailure}` : '';
      log(
        `  ${DATABASE_LABELS[target.kind].padEnd(10)} ${`${mix.list} ${mix.call}`.padEnd(20)} p50 ${row!.p50.toFixed(1)}  p95 ${row!.p95.toFixed(1)} ms${failed}`,
      );
    }
  }
  return { rows, runs };
}

async function measureExports(targets: Target[]) {
  const runs: { database: DatabaseKind; run: ExportRun }[] = [];
  for (const target of targets) {
    for (let i = 0; i < options.exports; i += 1) {
      const run = await measureExport(target.session, target.pids);
      runs.push({ database: target.kind, run });
      log(`  ${DATABASE_LABELS[target.kind]} export: ${(run.ms / 1000).toFixed(2)} s, ${run.bytes} bytes`);
    }
  }
  return runs;
}

async function main(): Promise<void> {
  installCleanup();
  const startedAt = new Date();
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'bench-catalogue-'));
  removeOnExit(tempDir);
  const cpus = allowedCpus();
  // As bench:server: with two CPUs or more the client gets the last one, the stacks the rest.
  const [servers, load] = cpus.length >= 2 ? [cpus.slice(0, -1).join(','), String(cpus.at(-1))] : [null, null];
  const loadBefore = os.loadavg()[0]!;
  log(
    `bench:catalogue — ${options.databases.map((k) => DATABASE_LABELS[k]).join(' and ')}; load average ${loadBefore.toFixed(2)}`,
  );
  if (loadBefore > 0.5) log('other work is running: latencies will be noisy');
  try {
    const targets: Target[] = [];
    const skipped = new Map<DatabaseKind, string>();
    pinSelf(servers);
    for (const kind of options.databases) {
      const result = await prepareTarget(kind, tempDir);
      if ('skipped' in result) skipped.set(kind, result.skipped);
      else targets.push(result);
    }
    pinSelf(load);
    if (targets.length === 0) throw new Error('no database could be measured');
    log(`measuring: ${options.warmupSeconds} s warm-up, then ${options.seconds} s one request at a time, per call`);
    const lists = await measureLists(targets);
    log(`exporting every conclusion word ${options.exports} times per database`);
    const exports = await measureExports(targets);

    console.log(`\n${JSON.stringify(options.scale)}, page size 20, through the BFF as admin, one request at a time\n`);
    console.log(listTable(lists.rows));
    console.log(
      `\nexport of the 诊断字典 (${targets.map((t) => `${DATABASE_LABELS[t.kind]} ${t.counts.words} rows`).join(', ')})\n`,
    );
    console.log(exportTable(exports));
    for (const [kind, reason] of skipped) console.log(`${DATABASE_LABELS[kind]} NOT MEASURED: ${reason}`);
    for (const t of targets) {
      console.log(`${t.db.version}: ${t.maintenance}; planner statistics: ${t.plannerStatistics ? 'yes' : 'no'}`);
    }
    console.log('\ntargets');
    console.log(targetLines(lists.rows, exports, options.databases));
    const file = await writeJson(path.join(repoRoot, 'bench', 'results'), startedAt, {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      node: process.version,
      loadAverage: { before: loadBefore, after: os.loadavg()[0] },
      options: { ...options, analyze: [...options.analyze], adminUrl: undefined },
      databases: targets.map(({ session: _, mixes: __, ...t }) => t),
      mixes: Object.fromEntries(targets.map((t) => [t.kind, t.mixes])),
      rows: lists.rows,
      exports,
      runs: lists.runs,
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
