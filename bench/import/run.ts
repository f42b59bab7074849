import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  groupListImportRoute,
  groupListPrepareRoute,
  groupListProgressRoute,
  type RouteDescriptor,
} from '@checkup/api-contract';
import { DATABASE_LABELS } from '../server/databases.js';
import { getData, type Session } from '../server/session.js';
import { installCleanup, removeOnExit, stopAll } from '../shared/processes.js';
import { median } from '../shared/stats.js';
import { healthList } from './list.js';
import { log, options, TARGETS } from './options.js';
import { prepareTarget, type Target } from './prepare.js';

/** VmRSS of a process in MB, from /proc (Linux); null elsewhere or once it is gone. */
function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** A POST through the BFF as the web makes it (same-origin, the session cookie); answers `data`. */
async function post(session: Session, route: RouteDescriptor, query: string, body: FormData | URLSearchParams) {
  const res = await fetch(`${session.origin}${route.path}${query}`, {
    method: 'POST',
    headers: { cookie: session.cookie, origin: session.origin, accept: 'application/json' },
    body,
  });
  const text = await res.text();
  const envelope = JSON.parse(text) as { status: number; data?: { ticket: string }; msg?: string };
  if (!res.ok || !envelope.data?.ticket) throw new Error(`${route.path}: ${res.status} ${text.slice(0, 300)}`);
  return envelope.data.ticket;
}

/** Polls a task until it finishes, as the screen does; answers its final progress. */
async function finished(session: Session, ticket: string) {
  let misses = 0;
  for (;;) {
    let progress;
    try {
      progress = await getData(session, groupListProgressRoute, { ticket });
      misses = 0;
    } catch (error) {
      // A poll that times out while the server is busy is tried again, as the screen does.
      if ((misses += 1) > 100) throw error;
      log(`  poll failed (${misses}): ${(error as Error).message.slice(0, 120)}`);
      continue;
    }
    if (progress.phase === 'failed') throw new Error(`task failed: ${progress.error}`);
    if (progress.phase === 'done') return progress;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Run {
  importS: number;
  prepareS: number;
  totalS: number;
  imported: number;
  failed: number;
  prepared: number;
  refused: number;
}

async function measure(target: Target, file: Buffer) {
  const samples: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    samples.push(rssMb(target.serverPid) ?? 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const idle = median(samples);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(target.serverPid) ?? 0);
  }, 20);
  const runs: Run[] = [];
  try {
    for (const orderId of target.orderIds) {
      const started = performance.now();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)]), '名单.xlsx');
      const imported = (
        await finished(target.session, await post(target.session, groupListImportRoute, `?id=${orderId}`, form))
      ).imported!;
      const mid = performance.now();
      const prepared = (
        await finished(
          target.session,
          await post(target.session, groupListPrepareRoute, '', new URLSearchParams({ id: String(orderId) })),
        )
      ).prepared!;
      const ended = performance.now();
      const run = {
        importS: (mid - started) / 1000,
        prepareS: (ended - mid) / 1000,
        totalS: (ended - started) / 1000,
        imported: imported.imported,
        failed: imported.failed,
        prepared: prepared.prepared,
        refused: prepared.refused.length,
      };
      runs.push(run);
      log(
        `  ${DATABASE_LABELS[target.kind]} order ${orderId}: import ${run.importS.toFixed(2)} s (${run.imported} imported, ${run.failed} refused), 预登记 ${run.prepareS.toFixed(2)} s (${run.prepared} visits, ${run.refused} refused)`,
      );
    }
  } finally {
    clearInterval(sampler);
  }
  return { runs, idleMb: idle, peakMb: peak };
}

async function main(): Promise<void> {
  installCleanup();
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'bench-import-'));
  removeOnExit(tempDir);
  log(
    `bench:import — ${options.rows} rows × ${options.runs} runs on ${options.databases.join(', ')}; load average ${os.loadavg()[0]!.toFixed(2)}`,
  );
  try {
    const file = await healthList(options.rows, options.seed);
    log(`list: ${options.rows} rows, ${(file.length / 1024).toFixed(0)} KB`);
    const lines: string[] = [];
    for (const kind of options.databases) {
      const target = await prepareTarget(kind, tempDir);
      if ('skipped' in target) {
        lines.push(`${DATABASE_LABELS[kind]} NOT MEASURED: ${target.skipped}`);
        continue;
      }
      log(`${target.db.version}: package 「${target.packageName}」; measuring`);
      const { runs, idleMb, peakMb } = await measure(target, file);
      const m = (pick: (r: Run) => number) => median(runs.map(pick));
      const growth = peakMb - idleMb;
      const limit = TARGETS.totalSeconds[kind];
      lines.push(
        `${DATABASE_LABELS[kind].padEnd(10)} import ${m((r) => r.importS).toFixed(2)} s  预登记 ${m((r) => r.prepareS).toFixed(2)} s  ` +
          `total ${m((r) => r.totalS).toFixed(2)} s (target ≤ ${limit} s: ${m((r) => r.totalS) <= limit ? 'met' : 'MISSED'})  ` +
          `server RSS ${idleMb.toFixed(0)} MB idle, +${growth.toFixed(0)} MB at peak (target ≤ ${TARGETS.rssGrowthMb} MB: ${growth <= TARGETS.rssGrowthMb ? 'met' : 'MISSED'})`,
      );
    }
    console.log(`\nmedians of ${options.runs} runs, ${options.rows} rows each, through the BFF as admin\n`);
    for (const line of lines) console.log(line);
  } finally {
    await stopAll();
  }
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await stopAll(2000);
  process.exit(1);
});
