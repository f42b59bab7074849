import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { percentile } from '../shared/stats.js';
import { DATABASE_LABELS, type DatabaseKind } from './databases.js';
import type { Run } from './load.js';
import type { CallMix, CallName } from './mix.js';

/** Issue 4: the department worklist and the order search answer within 20 ms at p95. */
export const TARGET_P95_MS = 20;
const TARGETED: CallName[] = ['worklist', 'search'];

export interface Row {
  database: DatabaseKind;
  call: CallName;
  /** Closed-loop clients. */
  connections: number;
  /** null: the whole mix; otherwise one kind of request within it. */
  kind: string | null;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** CPU time per request of the BFF and of the checkup server (PGlite runs inside the latter). */
  bffCpuUs: number | null;
  serverCpuUs: number | null;
  failures: number;
}

export interface TargetCheck {
  target: string;
  measured: string;
  met: boolean | null;
}

export interface Measured {
  database: DatabaseKind;
  mix: CallMix;
  connections: number;
  run: Run;
  cpuUs: { bff: number | null; server: number | null };
}

function rowOf({ database, mix, connections, run, cpuUs }: Measured, kind: string | null, latencies: number[]): Row {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    database,
    call: mix.call,
    connections,
    kind,
    requests: sorted.length,
    rps: sorted.length / run.seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    bffCpuUs: kind === null ? cpuUs.bff : null,
    serverCpuUs: kind === null ? cpuUs.server : null,
    failures: kind === null ? run.failures : 0,
  };
}

/** The whole mix, then (`byKind`) each kind of request in it when there are several. */
export function rowsOf(measured: Measured, byKind: boolean): Row[] {
  const { mix, run } = measured;
  const rows = [rowOf(measured, null, run.latencyMs)];
  const kinds = [...new Set(mix.requests.map((r) => r.kind))];
  if (!byKind || kinds.length < 2) return rows;
  for (const kind of kinds) {
    const latencies = run.latencyMs.filter((_, i) => mix.requests[run.requestIndex[i]!]!.kind === kind);
    rows.push(rowOf(measured, kind, latencies));
  }
  return rows;
}

const fmt = (n: number | null, digits = 1) => (n === null || Number.isNaN(n) ? '—' : n.toFixed(digits));

export function table(rows: Row[]): string {
  const head = [
    'database',
    'call',
    'conns',
    'requests',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'max ms',
    'req/s',
    'BFF µs/req',
    'server µs/req',
  ];
  const body = rows.map((r) => [
    r.kind === null ? DATABASE_LABELS[r.database] : '',
    r.kind === null ? r.call + (r.failures ? ' (!)' : '') : `  · ${r.kind}`,
    r.kind === null ? String(r.connections) : '',
    String(r.requests),
    fmt(r.p50),
    fmt(r.p95),
    fmt(r.p99),
    fmt(r.max),
    r.kind === null ? fmt(r.rps, 0) : '',
    r.kind === null ? fmt(r.bffCpuUs, 0) : '',
    r.kind === null ? fmt(r.serverCpuUs, 0) : '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const lines = [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)];
  lines.push(
    'µs/req: CPU time per request of the BFF and of the checkup server process (with PGlite inside it; PostgreSQL not counted)',
  );
  if (rows.some((r) => r.failures)) lines.push('(!) some requests failed: see the failure line above and the JSON');
  return lines.join('\n');
}

export function checkTargets(
  rows: Row[],
  databases: DatabaseKind[],
  connections: number[],
  skipped: Map<DatabaseKind, string>,
): TargetCheck[] {
  const levels = connections.flatMap((c) => TARGETED.map((call) => ({ c, call })));
  return databases.flatMap((database) =>
    levels.map(({ c, call }) => {
      const clients = c === 1 ? '1 connection' : `${c} connections`;
      const target = `${DATABASE_LABELS[database]} ${call} p95 ≤ ${TARGET_P95_MS} ms at ${clients}`;
      const row = rows.find((r) => r.database === database && r.call === call && r.connections === c && !r.kind);
      if (!row) return { target, measured: `not measured (${skipped.get(database) ?? 'not run'})`, met: null };
      const failed = row.failures ? `, ${row.failures} failed requests` : '';
      return {
        target,
        measured: `${row.p95.toFixed(1)} ms over ${row.requests} requests${failed}`,
        met: row.failures === 0 && row.p95 <= TARGET_P95_MS,
      };
    }),
  );
}

export function targetLines(checks: TargetCheck[]): string {
  const mark = (met: boolean | null) => (met === null ? 'n/a ' : met ? 'MET ' : 'MISS');
  return checks.map((c) => `${mark(c.met)}  ${c.target}: ${c.measured}`).join('\n');
}

export async function writeJson(dir: string, startedAt: Date, payload: unknown): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `server-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify(payload, null, 2)}\n`);
  return file;
}
