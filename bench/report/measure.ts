import { readFileSync } from 'node:fs';
import { reportBatchCurrentRoute, reportBatchStartRoute, reportListRoute, reportPdfRoute } from '@checkup/api-contract';
import { getData, type Session } from '../server/session.js';
import { cpuSeconds } from '../shared/processes.js';
import { median, percentile } from '../shared/stats.js';
import { log, options } from './options.js';
import type { Target } from './prepare.js';

/** VmRSS of a process in MB (Linux); its worker threads are part of it. */
export function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function timed(work: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await work();
  return performance.now() - t;
}

/** One report's PDF through the BFF, as 报告打印's preview fetches it; its pages counted in the file. */
async function reportPdf(session: Session, orderId: string): Promise<{ ms: number; pages: number; bytes: number }> {
  const t = performance.now();
  const res = await fetch(`${session.origin}${reportPdfRoute.path}?order_id=${orderId}`, {
    headers: { cookie: session.cookie },
  });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t;
  if (!res.ok || !body.subarray(0, 5).equals(Buffer.from('%PDF-')))
    throw new Error(`report_pdf ${orderId}: ${res.status}`);
  // Uncompressed page objects are counted: /Type /Page (not /Pages).
  const pages = (body.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;
  return { ms, pages, bytes: body.length };
}

const listCall = (session: Session) =>
  timed(() => getData(session, reportListRoute, { stage: 'to_print', page: '1', size: '20' }));

export interface ReportRun {
  singleMs: number[];
  /** The checkup server's CPU time per report (all its threads), from /proc. */
  singleCpuMs: number | null;
  pages: number;
  pdfBytes: number;
  idleListMs: number[];
  batchListMs: number[];
  batchSeconds: number | null;
  batchFailed: number;
  rssIdleMb: number | null;
  rssPeakMb: number | null;
}

export async function measure(target: Target): Promise<ReportRun> {
  const { session, orderIds, serverPid } = target;
  // Warm-up: the first report loads the fonts and the layout code, which on a busy machine may
  // outlast the gateway's 10 s wait for the upstream's headers (504): tried again.
  for (let i = 0, ok = 0; ok < 2 && i < 8; i += 1) {
    try {
      await reportPdf(session, orderIds[ok]!);
      ok += 1;
    } catch (error) {
      log(`  warm-up: ${(error as Error).message}, again`);
    }
  }
  const singles = [];
  // The server's CPU time per report too: on a machine others share, the wall time includes their turns.
  const cpuBefore = cpuSeconds(serverPid);
  for (let i = 0; i < options.singles; i += 1) singles.push(await reportPdf(session, orderIds[2 + (i % 10)]!));
  const cpuAfter = cpuSeconds(serverPid);
  const singleCpuMs =
    cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1000) / options.singles;
  log(
    `  one report: median ${median(singles.map((s) => s.ms)).toFixed(0)} ms, ${singleCpuMs?.toFixed(0) ?? '?'} ms of server CPU, ${singles[0]!.pages} pages`,
  );

  for (let i = 0; i < 10; i += 1) await listCall(session);
  const idleListMs = [];
  for (let i = 0; i < options.lists; i += 1) idleListMs.push(await listCall(session));
  await sleep(2000);
  const rssIdleMb = rssMb(serverPid);

  const started = performance.now();
  const form = new URLSearchParams({ order_ids: JSON.stringify(orderIds) }).toString();
  const res = await fetch(`${session.origin}${reportBatchStartRoute.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session.cookie, origin: session.origin },
    body: form,
  });
  if (!res.ok) throw new Error(`batch_start: ${res.status} ${await res.text()}`);
  let rssPeakMb = rssIdleMb;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const now = rssMb(serverPid);
      if (now !== null && (rssPeakMb === null || now > rssPeakMb)) rssPeakMb = now;
      await sleep(200);
    }
  })();
  const batchListMs: number[] = [];
  const lister = (async () => {
    while (running) {
      batchListMs.push(await listCall(session));
      await sleep(50);
    }
  })();
  let batchSeconds: number | null = null;
  let batchFailed = 0;
  const deadline = Date.now() + 15 * 60_000;
  let lastLogged = 0;
  while (Date.now() < deadline) {
    const { batch } = await getData(session, reportBatchCurrentRoute);
    if (batch && batch.done - lastLogged >= 100) {
      lastLogged = batch.done;
      log(`  batch: ${batch.done}/${batch.total} after ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    if (batch?.state === 'done') {
      batchSeconds = (performance.now() - started) / 1000;
      batchFailed = batch.failed;
      break;
    }
    await sleep(250);
  }
  running = false;
  await Promise.all([sampler, lister]);
  return {
    singleMs: singles.map((s) => s.ms),
    singleCpuMs,
    pages: singles[0]!.pages,
    pdfBytes: singles[0]!.bytes,
    idleListMs,
    batchListMs,
    batchSeconds,
    batchFailed,
    rssIdleMb,
    rssPeakMb,
  };
}

export const p95 = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    95,
  );
