import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CONTENDER_LABELS, type ContenderId } from './contenders.js';
import { median } from '../shared/stats.js';
import { type Sample, type WorkloadName } from './load.js';

/** The medians of a row's rounds (failures summed over them; a row with any is flagged). */
export interface RowResult extends Omit<Sample, 'statusCodes'> {
  contender: ContenderId;
  workload: WorkloadName;
  rounds: Sample[];
}

export interface FixedRateResult {
  workload: WorkloadName;
  /** even: paced.ts, open loop; burst: autocannon overallRate (each connection's quota at once). */
  pacing: 'even' | 'burst';
  rate: number;
  /** Where upstream, contender and load generator ran. */
  arrangement: string;
  direct: Sample[];
  bff: Sample[];
  /** The bare proxy at the same rate: what any Node proxy on this machine adds. */
  bare: Sample[] | null;
  directP99: number;
  bffP99: number;
  addedP99: number;
  bareAddedP99: number | null;
}

export interface TargetCheck {
  target: string;
  measured: string;
  met: boolean | null;
}

function medianOrNull(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? median(known) : null;
}

export function summarise(contender: ContenderId, workload: WorkloadName, rounds: Sample[]): RowResult {
  return {
    contender,
    workload,
    rounds,
    rps: median(rounds.map((s) => s.rps)),
    p50: median(rounds.map((s) => s.p50)),
    p99: median(rounds.map((s) => s.p99)),
    cpuUs: medianOrNull(rounds.map((s) => s.cpuUs)),
    upstreamCpuUs: medianOrNull(rounds.map((s) => s.upstreamCpuUs)),
    majorGcPer10k: medianOrNull(rounds.map((s) => s.majorGcPer10k ?? null)),
    completed: rounds.reduce((sum, s) => sum + s.completed, 0),
    failures: rounds.reduce((sum, s) => sum + s.failures, 0),
  };
}

export function summariseFixedRate(
  workload: WorkloadName,
  pacing: FixedRateResult['pacing'],
  rate: number,
  arrangement: string,
  direct: Sample[],
  bff: Sample[],
  bare: Sample[] | null,
): FixedRateResult {
  const directP99 = median(direct.map((s) => s.p99));
  const bffP99 = median(bff.map((s) => s.p99));
  const bareAddedP99 = bare ? median(bare.map((s) => s.p99)) - directP99 : null;
  return {
    workload,
    pacing,
    rate,
    arrangement,
    direct,
    bff,
    bare,
    directP99,
    bffP99,
    addedP99: bffP99 - directP99,
    bareAddedP99,
  };
}

function ratio(rows: RowResult[], row: RowResult, reference: ContenderId): number | null {
  const ref = rows.find((r) => r.workload === row.workload && r.contender === reference);
  return ref && ref.rps > 0 ? row.rps / ref.rps : null;
}

const WORKLOAD_SHORT: Record<WorkloadName, string> = { get: 'GET', post: 'POST', cached: 'cached GET' };

function rowLabel(row: RowResult): string {
  if (row.workload !== 'cached') return CONTENDER_LABELS[row.contender];
  if (row.contender === 'nginx') return 'nginx proxy_cache';
  if (row.contender === 'bff') return 'BFF cache hit';
  return CONTENDER_LABELS[row.contender];
}

const PACING = { even: 'evenly paced', burst: 'autocannon overallRate, bursty' } as const;

const fmt = (n: number | null, digits = 2) => (n === null || Number.isNaN(n) ? '—' : n.toFixed(digits));

export function table(rows: RowResult[], nginxMeasured: boolean): string {
  const head = [
    'contender',
    'workload',
    'req/s',
    'p50 ms',
    'p99 ms',
    '×direct',
    ...(nginxMeasured ? ['×nginx'] : []),
    '×bare',
    'cpu µs/req',
    'upstream µs/req',
    'major GC/10k req',
  ];
  const body = rows.map((row) => [
    rowLabel(row) + (row.failures ? ' (!)' : ''),
    WORKLOAD_SHORT[row.workload],
    row.rps.toFixed(0),
    fmt(row.p50, 1),
    fmt(row.p99, 1),
    fmt(ratio(rows, row, 'direct')),
    ...(nginxMeasured ? [fmt(ratio(rows, row, 'nginx'))] : []),
    fmt(ratio(rows, row, 'bare')),
    fmt(row.cpuUs, 0),
    fmt(row.upstreamCpuUs, 0),
    fmt(row.majorGcPer10k ?? null, 1),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const lines = [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)];
  lines.push('cpu µs/req: CPU time of the contender process per request (for direct: the upstream itself)');
  lines.push('major GC/10k req: full collections of the BFF per 10,000 requests, from its /metrics (— where none)');
  if (rows.some((r) => r.failures)) lines.push('(!) some requests failed or answered non-2xx: see the JSON');
  return lines.join('\n');
}

export function checkTargets(rows: RowResult[], fixed: FixedRateResult[], nginxMeasured: boolean): TargetCheck[] {
  const row = (c: ContenderId, w: WorkloadName) => rows.find((r) => r.contender === c && r.workload === w);
  const atLeast = (target: string, c: ContenderId, w: WorkloadName, ref: ContenderId, factor: number) => {
    const subject = row(c, w);
    const value = subject ? ratio(rows, subject, ref) : null;
    const refCpu = row(ref, w)?.cpuUs;
    const cpu =
      subject?.cpuUs && refCpu && ref !== 'direct'
        ? ` (CPU per request ${(subject.cpuUs / refCpu).toFixed(2)}× ${CONTENDER_LABELS[ref]}'s)`
        : '';
    return {
      target,
      measured: value === null ? 'not measured' : `${value.toFixed(2)}×${cpu}`,
      met: value === null ? null : value >= factor,
    };
  };
  const checks: TargetCheck[] = [
    atLeast('BFF miss path GET ≥ 1.0 × bare @fastify/http-proxy', 'bff', 'get', 'bare', 1),
    atLeast('BFF miss path POST ≥ 1.0 × bare @fastify/http-proxy', 'bff', 'post', 'bare', 1),
    atLeast('BFF cached GET ≥ 0.8 × direct upstream', 'bff', 'cached', 'direct', 0.8),
    nginxMeasured
      ? atLeast('BFF cached GET ≥ 1.0 × nginx proxy_cache', 'bff', 'cached', 'nginx', 1)
      : { target: 'BFF cached GET ≥ 1.0 × nginx proxy_cache', measured: 'nginx not measured', met: null },
  ];
  for (const f of fixed) {
    checks.push({
      target: `added p99 ${WORKLOAD_SHORT[f.workload]} ≤ 5 ms at half saturation (${f.rate} req/s, ${PACING[f.pacing]}; ${f.arrangement})`,
      measured:
        `${f.addedP99.toFixed(2)} ms (BFF ${f.bffP99.toFixed(2)} − direct ${f.directP99.toFixed(2)})` +
        (f.bareAddedP99 === null ? '' : `; the bare proxy adds ${f.bareAddedP99.toFixed(2)} ms at the same rate`),
      met: f.addedP99 <= 5,
    });
  }
  return checks;
}

/**
 * The BFF in front of an upstream whose encrypt_cfg is off, beside the bare proxy: the gateway's own
 * cost per request (session, rules, cache and duplicate guard, metrics), and what signing and field
 * encryption add on top of it. Not a target; it says where the miss path's time goes.
 */
export function cryptoCostLines(rows: RowResult[]): string {
  const lines: string[] = [];
  for (const workload of ['get', 'post'] as const) {
    const of = (c: ContenderId) => rows.find((r) => r.contender === c && r.workload === workload);
    const [plain, bff, bare] = [of('bffPlain'), of('bff'), of('bare')];
    if (!plain || !bff || !bare) continue;
    const cpu = (r: RowResult) => (r.cpuUs === null ? '—' : `${r.cpuUs.toFixed(0)} µs`);
    lines.push(
      `${WORKLOAD_SHORT[workload]}: BFF without signing/encryption ${fmt(plain.rps / bare.rps)}× bare (${cpu(plain)} vs ${cpu(bare)} per request); with them ${fmt(bff.rps / bare.rps)}× (${cpu(bff)})`,
    );
  }
  return lines.length ? ['where the miss path goes', ...lines].join('\n') : '';
}

export function targetLines(checks: TargetCheck[]): string {
  const mark = (met: boolean | null) => (met === null ? 'n/a ' : met ? 'MET ' : 'MISS');
  return checks.map((c) => `${mark(c.met)}  ${c.target}: ${c.measured}`).join('\n');
}

export async function writeJson(dir: string, startedAt: Date, payload: unknown): Promise<string> {
  await mkdir(dir, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `bff-${stamp}.json`);
  await writeFile(file, `${JSON.stringify(payload, null, 2)}\n`);
  return file;
}
