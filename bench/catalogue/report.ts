import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DATABASE_LABELS, type DatabaseKind } from '../server/databases.js';
import type { Run } from '../server/load.js';
import { percentile } from '../shared/stats.js';
import type { ExportRun } from './export.js';
import type { CallMix } from './mix.js';

/** Issue 18: catalogue lists and pinyin search within 30 ms at p95; a 10,000-row export within 5 s. */
export const TARGET_P95_MS = 30;
export const TARGET_EXPORT_MS = 5000;

export interface Row {
  database: DatabaseKind;
  list: string;
  call: string;
  /** null: the whole call; otherwise one kind of search within it. */
  kind: string | null;
  requests: number;
  /** The fastest answer: the service time without waiting for a CPU, when other work is running. */
  min: number;
  p50: number;
  p95: number;
  max: number;
  failures: number;
}

function rowOf(database: DatabaseKind, mix: CallMix, kind: string | null, latencies: number[], failures: number): Row {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    database,
    list: mix.list,
    call: mix.call,
    kind,
    requests: sorted.length,
    min: sorted[0] ?? Number.NaN,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    failures,
  };
}

/** The call, then each kind of request in it when there are several (search: code, name, pinyin). */
export function rowsOf(database: DatabaseKind, mix: CallMix, run: Run): Row[] {
  const rows = [rowOf(database, mix, null, run.latencyMs, run.failures)];
  const kinds = [...new Set(mix.requests.map((r) => r.kind))];
  if (kinds.length < 2) return rows;
  for (const kind of kinds) {
    const latencies = run.latencyMs.filter((_, i) => mix.requests[run.requestIndex[i]!]!.kind === kind);
    rows.push(rowOf(database, mix, kind, latencies, 0));
  }
  return rows;
}

const fmt = (n: number) => (Number.isNaN(n) ? '—' : n.toFixed(1));

function grid(head: string[], body: string[][], leftColumns: number): string {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < leftColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

export function listTable(rows: Row[]): string {
  const body = rows.map((r) => [
    r.kind === null ? DATABASE_LABELS[r.database] : '',
    r.kind === null ? `${r.list} ${r.call}${r.failures ? ' (!)' : ''}` : `  · ${r.kind}`,
    String(r.requests),
    fmt(r.min),
    fmt(r.p50),
    fmt(r.p95),
    fmt(r.max),
    r.kind !== null ? '' : r.list === 'floor' ? 'n/a' : r.p95 <= TARGET_P95_MS && !r.failures ? 'MET' : 'MISS',
  ]);
  return grid(
    ['database', 'call', 'requests', 'min ms', 'p50 ms', 'p95 ms', 'max ms', `p95 ≤ ${TARGET_P95_MS}`],
    body,
    2,
  );
}

export function exportTable(runs: { database: DatabaseKind; run: ExportRun }[]): string {
  const mb = (n: number) => n.toFixed(1);
  const growth = (r: ExportRun['rss']['server']) =>
    r ? `${mb(r.peakMb - r.beforeMb)} (${mb(r.beforeMb)}→${mb(r.peakMb)})` : '—';
  const body = runs.map(({ database, run }, i) => [
    i === 0 || runs[i - 1]!.database !== database ? DATABASE_LABELS[database] : '',
    (run.ms / 1000).toFixed(2),
    mb(run.bytes / 1024 / 1024),
    growth(run.rss.server),
    growth(run.rss.bff),
    run.ms <= TARGET_EXPORT_MS ? 'MET' : 'MISS',
  ]);
  return grid(
    ['database', 'seconds', 'file MB', 'server RSS growth MB', 'BFF RSS growth MB', `≤ ${TARGET_EXPORT_MS / 1000} s`],
    body,
    1,
  );
}

export async function writeJson(dir: string, startedAt: Date, payload: unknown): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `catalogue-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify(payload, null, 2)}\n`);
  return file;
}

/** One line per target and database: MET or MISS with the worst call, or n/a when not measured. */
export function targetLines(
  rows: Row[],
  exports: { database: DatabaseKind; run: ExportRun }[],
  databases: DatabaseKind[],
): string {
  const mark = (met: boolean | null) => (met === null ? 'n/a ' : met ? 'MET ' : 'MISS');
  return databases
    .flatMap((database) => {
      const label = DATABASE_LABELS[database];
      const calls = rows.filter((r) => r.database === database && r.kind === null && r.list !== 'floor');
      const worst = calls.reduce<Row | null>((w, r) => (w === null || r.p95 > w.p95 ? r : w), null);
      const runs = exports.filter((e) => e.database === database).map((e) => e.run);
      const slowest = runs.reduce<ExportRun | null>((w, r) => (w === null || r.ms > w.ms ? r : w), null);
      const growth = Math.max(...runs.map((r) => (r.rss.server ? r.rss.server.peakMb - r.rss.server.beforeMb : 0)));
      return [
        worst
          ? `${mark(worst.p95 <= TARGET_P95_MS && calls.every((r) => !r.failures))}  ${label} lists and search p95 ≤ ${TARGET_P95_MS} ms: worst ${worst.list} ${worst.call} ${worst.p95.toFixed(1)} ms`
          : `${mark(null)}  ${label} lists and search p95 ≤ ${TARGET_P95_MS} ms: not measured`,
        slowest
          ? `${mark(slowest.ms <= TARGET_EXPORT_MS)}  ${label} export ≤ ${TARGET_EXPORT_MS / 1000} s: slowest ${(slowest.ms / 1000).toFixed(2)} s, ${(slowest.bytes / 1024 / 1024).toFixed(1)} MB file, server RSS grew ${growth.toFixed(1)} MB at most`
          : `${mark(null)}  ${label} export ≤ ${TARGET_EXPORT_MS / 1000} s: not measured`,
      ];
    })
    .join('\n');
}
