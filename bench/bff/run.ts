import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  CONTENDER_LABELS,
  startLineup,
  type Contender,
  type ContenderId,
  type Lineup,
  type LineupOptions,
} from './contenders.js';
import { probeNginx } from './nginx.js';
import { WORKLOADS, gcMeter, measure, type Sample, type Target, type WorkloadName } from './load.js';
import { measurePaced } from './paced.js';
import {
  installCleanup,
  pinSelf,
  planCores,
  removeOnExit,
  repoRoot,
  stopAll,
  type CorePlan,
} from '../shared/processes.js';
import { summariseProfiles } from './profile-summary.js';
import {
  checkTargets,
  cryptoCostLines,
  summarise,
  summariseFixedRate,
  table,
  targetLines,
  writeJson,
  type FixedRateResult,
  type RowResult,
} from './report.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    'cpu-prof': { type: 'boolean', default: false },
    // Narrow a run while working on one path, e.g. --workloads get,cached --contenders bare,bff.
    workloads: { type: 'string', default: Object.keys(WORKLOADS).join(',') },
    contenders: { type: 'string', default: Object.keys(CONTENDER_LABELS).join(',') },
    'fixed-rate': { type: 'boolean', default: true },
  },
  allowNegative: true,
});
const WORKLOAD_FILTER = new Set(args.workloads.split(','));
const CONTENDER_FILTER = new Set(args.contenders.split(','));
const SECONDS = Number(args.seconds);
const WARMUP_SECONDS = Number(args.warmup);
const ROUNDS = Math.max(1, Number(args.rounds));
const CONNECTIONS = Number(args.connections);
// Three, so that the median of a p99 stands against one sample caught by a stall of the host.
const FIXED_RATE_ROUNDS = 3;
const FIXED_RATE_CONTENDERS = 3;
for (const [option, value] of Object.entries({
  seconds: SECONDS,
  warmup: WARMUP_SECONDS,
  rounds: ROUNDS,
  connections: CONNECTIONS,
})) {
  if (Number.isFinite(value) && value > 0) continue;
  console.error(`bench:bff: --${option} must be a positive number`);
  process.exit(2);
}
const PREWARM_SECONDS = 1;
/** About how long a lineup takes to start (tsx compiling the BFF, logging in, warming caches). */
const LINEUP_START_SECONDS = 15;
/** autocannon's own start and stop around each measurement. */
const SAMPLE_OVERHEAD_SECONDS = 1;
const SETTLE_MS = 200;

interface Row {
  contender: Contender;
  workload: WorkloadName;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
const rotate = <T>(list: T[], by: number) => list.map((_, i) => list[(i + by) % list.length]!);
const name = (row: Row) => `${CONTENDER_LABELS[row.contender.id]} ${row.workload}`;

function rowsOf(contenders: Contender[]): Row[] {
  const rows: Row[] = [];
  for (const workload of Object.keys(WORKLOADS) as WorkloadName[]) {
    if (!WORKLOAD_FILTER.has(workload)) continue;
    for (const contender of contenders) {
      if (!CONTENDER_FILTER.has(contender.id)) continue;
      // The bare proxy has no cache: its cached-URL figure would only repeat its GET row.
      if (workload === 'cached' && (contender.id === 'bare' || contender.id === 'bffPlain')) continue;
      rows.push({ contender, workload });
    }
  }
  return rows;
}

/** What every measurement needs besides its row: the BFF cookie and the upstream's pid. */
interface Context {
  cookie: string;
  upstreamPid: number | undefined;
}

function targetOf({ contender }: Row, ctx: Context): Target {
  return {
    origin: contender.origin,
    cookie: contender.cookie ?? ctx.cookie,
    pid: contender.pid,
    // The direct row has no proxy: its own process is the upstream, counted once.
    upstreamPid: contender.id === 'direct' ? undefined : (contender.upstreamPid ?? ctx.upstreamPid),
    metricsUrl: contender.id === 'bff' || contender.id === 'bffPlain' ? `${contender.origin}/metrics` : undefined,
  };
}

/** How a fixed rate is produced: evenly paced (paced.ts) or autocannon's per-second bursts. */
type Pacing = 'even' | 'burst';

async function sampleOf(
  row: Row,
  ctx: Context,
  seconds: number,
  fixed?: { rate: number; pacing: Pacing },
): Promise<Sample> {
  const target = targetOf(row, ctx);
  const run = (s: number) =>
    fixed?.pacing === 'even'
      ? measurePaced(target, row.workload, { seconds: s, connections: CONNECTIONS, rate: fixed.rate })
      : measure(target, row.workload, { seconds: s, connections: CONNECTIONS, overallRate: fixed?.rate });
  // A contender left idle while the others ran has had its heap shrunk and code aged by V8;
  // a short run first keeps that from landing in the figures (it costs the BFF most).
  await run(PREWARM_SECONDS);
  const gc = await gcMeter(target);
  const sample = await run(seconds);
  sample.majorGcPer10k = await gc(sample.completed);
  await settle();
  return sample;
}

function progress(label: string, row: Row, s: Sample): void {
  const failed = s.failures ? `  ${s.failures} failed ${JSON.stringify(s.statusCodes)}` : '';
  const cpu = s.cpuUs === null ? '' : `  cpu ${s.cpuUs.toFixed(0)} µs/req`;
  const gc = s.majorGcPer10k == null ? '' : `  major GC ${s.majorGcPer10k.toFixed(1)}/10k req`;
  console.log(
    `${label.padEnd(15)} ${name(row).padEnd(34)} ${s.rps.toFixed(0).padStart(7)} req/s  p50 ${s.p50.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms${cpu}${gc}${failed}`,
  );
}

const rowKey = (row: Row) => `${row.contender.id}/${row.workload}`;

/** Starts a fresh lineup for `work` and stops it afterwards, whatever happens. */
async function withLineup<T>(opts: LineupOptions, work: (lineup: Lineup, ctx: Context) => Promise<T>): Promise<T> {
  const lineup = await startLineup(opts);
  try {
    return await work(lineup, { cookie: lineup.cookie, upstreamPid: lineup.upstreamPid });
  } finally {
    await lineup.stop();
  }
}

/**
 * Rounds, each on freshly started processes (a Node process keeps, for its whole life, a CPU cost
 * per request that can differ by a quarter from the same code's in another process), each row
 * warmed up and then measured once, the order rotated each round; medians per row.
 */
async function saturation(opts: LineupOptions): Promise<RowResult[]> {
  const samples = new Map<string, { row: Row; samples: Sample[] }>();
  for (let round = 0; round < ROUNDS; round += 1) {
    const began = Date.now();
    await withLineup(opts, async (lineup, ctx) => {
      const rows = rowsOf(lineup.contenders);
      for (const row of rows) {
        await measure(targetOf(row, ctx), row.workload, { seconds: WARMUP_SECONDS, connections: CONNECTIONS });
      }
      for (const row of rotate(rows, round)) {
        const s = await sampleOf(row, ctx, SECONDS);
        const entry = samples.get(rowKey(row)) ?? { row, samples: [] };
        entry.samples.push(s);
        samples.set(rowKey(row), entry);
        progress(`round ${round + 1}/${ROUNDS}`, row, s);
      }
    });
    console.log(`round ${round + 1} took ${Math.round((Date.now() - began) / 1000)} s, lineup start included`);
  }
  // In the order rowsOf gives (workload, then contender), not the order of the last round.
  return [...samples.values()]
    .sort((a, b) => rowOrder(a.row) - rowOrder(b.row))
    .map(({ row, samples: rounds }) => summarise(row.contender.id, row.workload, rounds));
}

const rowOrder = (row: Row) =>
  Object.keys(WORKLOADS).indexOf(row.workload) * 10 + Object.keys(CONTENDER_LABELS).indexOf(row.contender.id);

/** Where the processes run for a fixed-rate measurement, and which pacings are measured there. */
interface Arrangement {
  plan: CorePlan;
  /** Printed with the results. */
  label: string;
  pacings: Pacing[];
}

/**
 * On two CPUs the saturation rows put upstream and contender on one CPU, so that every contender
 * spends from the same budget. At a fixed rate that arrangement measures mostly the two processes
 * taking turns on one CPU (the bare proxy adds as much p99 as the BFF), so the even pacing is also
 * run with the contender alone on its CPU and the upstream beside the load generator, as a
 * gateway runs in front of a checkup server elsewhere. Three or more CPUs: one arrangement, each
 * process on its own CPU.
 */
function arrangements(plan: CorePlan): Arrangement[] {
  const sharing = plan.upstream !== null && plan.upstream === plan.contender && plan.load !== null;
  if (!sharing) return [{ plan, label: plan.description, pacings: ['even', 'burst'] }];
  return [
    { plan, label: `upstream + contender on CPU ${plan.contender}`, pacings: ['even', 'burst'] },
    {
      plan: { ...plan, upstream: plan.load },
      label: `contender alone on CPU ${plan.contender}, upstream beside the load generator on CPU ${plan.load}`,
      pacings: ['even'],
    },
  ];
}

/**
 * Direct upstream, BFF and bare proxy at half the BFF's saturation rate, the order rotated each
 * round; the p99 the BFF adds, and the bare proxy's at the same rate as its reference. Evenly
 * paced is the one that measures what a proxy adds; autocannon's bursts are run as the issue
 * first asked.
 */
async function fixedRate(opts: LineupOptions, results: RowResult[]): Promise<FixedRateResult[]> {
  const out: FixedRateResult[] = [];
  for (const arrangement of arrangements(opts.plan)) {
    out.push(...(await fixedRateIn(arrangement, opts, results)));
  }
  return out;
}

/** The fixed-rate rounds of one arrangement, each on a fresh lineup pinned as it says. */
async function fixedRateIn(
  arrangement: Arrangement,
  opts: LineupOptions,
  results: RowResult[],
): Promise<FixedRateResult[]> {
  const plans = (['get', 'post'] as const).flatMap((workload) => {
    const saturated = results.find((r) => r.contender === 'bff' && r.workload === workload)?.rps;
    const measured = (id: ContenderId) => results.some((r) => r.contender === id && r.workload === workload);
    if (!saturated || !measured('direct')) return [];
    const contenders: ContenderId[] = measured('bare') ? ['direct', 'bff', 'bare'] : ['direct', 'bff'];
    const rate = Math.max(1, Math.round(saturated / 2));
    return arrangement.pacings.map((pacing) => ({ workload, pacing, rate, contenders }));
  });
  if (!plans.length) return [];
  const samples = new Map<string, Sample[]>();
  const key = (workload: string, pacing: Pacing, id: ContenderId) => `${workload}/${pacing}/${id}`;
  console.log(`fixed rate: ${arrangement.label}`);
  for (let round = 0; round < FIXED_RATE_ROUNDS; round += 1) {
    await withLineup({ ...opts, plan: arrangement.plan }, async (lineup, ctx) => {
      for (const plan of plans) {
        for (const id of rotate(plan.contenders, round)) {
          const contender = lineup.contenders.find((c) => c.id === id)!;
          const row = { contender, workload: plan.workload };
          const s = await sampleOf(row, ctx, SECONDS, { rate: plan.rate, pacing: plan.pacing });
          const k = key(plan.workload, plan.pacing, id);
          samples.set(k, [...(samples.get(k) ?? []), s]);
          progress(`${plan.pacing} ${plan.rate}/s`, row, s);
        }
      }
    });
  }
  return plans.map((plan) => {
    const of = (id: ContenderId) => samples.get(key(plan.workload, plan.pacing, id)) ?? [];
    const bare = plan.contenders.includes('bare') ? of('bare') : null;
    return summariseFixedRate(plan.workload, plan.pacing, plan.rate, arrangement.label, of('direct'), of('bff'), bare);
  });
}

async function main(): Promise<void> {
  installCleanup();
  const startedAt = new Date();
  const plan = planCores();
  pinSelf(plan.load);
  const resultsDir = path.join(repoRoot, 'bench', 'results');
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const cpuProfDir = args['cpu-prof'] ? path.join(resultsDir, `profiles-${stamp}`) : null;
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'bench-bff-'));
  removeOnExit(tempDir);

  const loadBefore = os.loadavg()[0]!;
  console.log(`bench:bff — CPUs: ${plan.description}; load average ${loadBefore.toFixed(2)}`);
  if (loadBefore > 0.5) console.log('other work is running: req/s and p99 will be noisy, cpu µs/req less so');
  try {
    const nginx = probeNginx();
    console.log(
      nginx.found
        ? `nginx ${nginx.version}: keep-alive upstream, proxy_cache on the cached URL`
        : `nginx not measured: ${nginx.reason}`,
    );
    if (cpuProfDir) console.log(`BFF under --cpu-prof: its figures are slowed by the profiler`);
    const lineupOptions: LineupOptions = { plan, tempDir, cpuProfDir };
    const ids = (Object.keys(CONTENDER_LABELS) as ContenderId[]).filter((id) => id !== 'nginx' || nginx.found);
    const rowCount = rowsOf(ids.map((id) => ({ id, origin: '', pid: undefined }))).length;
    const perSample = PREWARM_SECONDS + SECONDS + SETTLE_MS / 1000 + SAMPLE_OVERHEAD_SECONDS;
    const estimate =
      ROUNDS * (LINEUP_START_SECONDS + rowCount * (WARMUP_SECONDS + perSample)) +
      arrangements(plan).reduce(
        (sum, a) =>
          sum + FIXED_RATE_ROUNDS * (LINEUP_START_SECONDS + 2 * a.pacings.length * FIXED_RATE_CONTENDERS * perSample),
        0,
      );
    console.log(
      `${rowCount} rows × ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections, fresh processes each round; about ${Math.ceil(estimate / 60)} min`,
    );
    for (const [workload, what] of Object.entries(WORKLOADS)) console.log(`  ${workload.padEnd(6)} ${what}`);

    const results = await saturation(lineupOptions);
    const fixed = args['fixed-rate'] ? await fixedRate(lineupOptions, results) : [];
    const nginxMeasured = nginx.found;
    const targets = checkTargets(results, fixed, nginxMeasured);

    console.log(`\nmedians of ${ROUNDS} rounds (${plan.description})\n`);
    console.log(table(results, nginxMeasured));
    if (!nginx.found) console.log(`nginx not measured: ${nginx.reason}`);
    console.log('\ntargets');
    console.log(targetLines(targets));
    const reference = cryptoCostLines(results);
    if (reference) console.log(`\n${reference}`);

    const file = await writeJson(resultsDir, startedAt, {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      node: process.version,
      nginx: nginx.found ? nginx.version : { skipped: nginx.reason },
      cpus: plan,
      loadAverage: { before: loadBefore, after: os.loadavg()[0] },
      options: {
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        prewarmSeconds: PREWARM_SECONDS,
        rounds: ROUNDS,
        fixedRateRounds: FIXED_RATE_ROUNDS,
        connections: CONNECTIONS,
      },
      cpuProfile: cpuProfDir,
      workloads: WORKLOADS,
      rows: results,
      fixedRate: fixed,
      targets,
    });
    console.log(`\nresults: ${path.relative(repoRoot, file)}`);
  } finally {
    await stopAll();
  }
  if (cpuProfDir) console.log(`\n${await summariseProfiles(cpuProfDir, repoRoot)}`);
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await stopAll(2000);
  process.exit(1);
});
