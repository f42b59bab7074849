import { mkdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import {
  BI_REPORTS,
  envelopeSchema,
  groupReportGenerateRoute,
  groupReportPrintRoute,
  groupReportSaveRoute,
  SUCCESS_STATUS,
  type BiReport,
} from '@checkup/api-contract';
import { serverVersion, withSql, type BenchDatabase, type Query } from '../server/databases.js';
import { todayCst } from '../server/mix.js';
import { logIn, type Session } from '../server/session.js';
import { benchCli, progressLog } from '../shared/cli.js';
import { startBenchStack } from '../shared/bench-stack.js';
import {
  childProcesses,
  installCleanup,
  removeOnExit,
  repoRoot,
  startNodeScript,
  stopAll,
} from '../shared/processes.js';
import { percentile } from '../shared/stats.js';

/**
 * bench:bi (issue 24): every 统计分析 report's first page (GET /manager/api/bi/<key>/query) through the
 * BFF as admin, over the last 30 days and over the last year, p50/p95 of `--runs` calls each; and an
 * Excel export of about 100,000 rows (支付方式's 明细 of every line over as many days back as make
 * them), its time and the checkup server's RSS growth over its idle baseline; and a 团检报告 of the
 * largest group order over its first days that hold 2,000 people: 生成 and 打印PDF, timed (the
 * issue's 10 s is the PDF's; 生成 is the step before it, reviewed before anyone prints).
 * The aggregate tables are brought up to date first when they lag (`npm run seed -- --refresh`, which
 * has no BFF time limit), before the stack starts.
 * - PGlite: `--visits` (100,000) visits of history seeded by `npm run seed -- --history` into a fresh
 *   directory, or into `--pglite-dir` and kept there (reused when it already holds them).
 * - PostgreSQL: only with BENCH_DATABASE_URL naming a database that already holds ≥ 1,000,000 visits
 *   (`DATABASE_URL=… npm run seed -- --orders 1000000`); it is never reseeded. The server's keys are
 *   those of DATA_DIR (default ./data), where that seed put them.
 */
const { values: args } = parseArgs({
  options: {
    visits: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '10' },
    'export-rows': { type: 'string', default: '100000' },
    'pglite-dir': { type: 'string' },
    databases: { type: 'string', default: 'pglite,postgres' },
    /** Only these reports (keys, comma-separated), e.g. while working on them; every report otherwise. */
    reports: { type: 'string' },
    /** The visits a PostgreSQL database must hold (1,000,000, the issue's); fewer for a trial only. */
    'pg-visits': { type: 'string', default: '1000000' },
  },
});
const { fail, databaseList } = benchCli('bench:bi');
const whole = (name: string, value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) fail(`--${name} must be a whole number ≥ 1`);
  return n;
};
const VISITS = whole('visits', args.visits);
const RUNS = whole('runs', args.runs);
const EXPORT_ROWS = whole('export-rows', args['export-rows']);
const DATABASES = databaseList('databases', args.databases);
const PG_VISITS = whole('pg-visits', args['pg-visits']);
const ONLY = args.reports?.split(',').map((k) => k.trim());
const REPORTS = ONLY ? BI_REPORTS.filter((r) => ONLY.includes(r.spec.key)) : BI_REPORTS;
if (ONLY && REPORTS.length !== ONLY.length) fail(`--reports: unknown key among ${args.reports}`);
/** The issue's limits. */
const LIMITS = { pgliteP95Ms: 2000, postgresP95Ms: 1000, exportMs: 15_000, rssGrowthMb: 300, groupPdfMs: 10_000 };
const EXPORT_REPORT = 'payment_method';
const log = progressLog();

interface Target {
  label: string;
  db: BenchDatabase;
  p95LimitMs: number;
}

type Timing = { report: string; range: string } & (
  { p50: number; p95: number; rows: number; failed?: undefined } | { failed: string }
);

/** VmRSS of a process in MB (Linux), as bench:report reads it (its module parses its own options on import). */
function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

const count = async (query: Query, table: string) =>
  Number((await query(`select count(*)::int as n from ${table}`))[0]!.n);

/** PGlite with `VISITS` visits: the directory given (seeded there when short of them) or a fresh one. */
async function pgliteTarget(tempDir: string): Promise<Target> {
  const dataDir = args['pglite-dir'] ? path.resolve(args['pglite-dir']) : path.join(tempDir, 'pglite');
  const db: BenchDatabase = { kind: 'pglite', dataDir, version: 'PGlite' };
  // PGlite makes its own folder inside the data directory, but not the data directory itself.
  mkdirSync(dataDir, { recursive: true });
  const have = await withSql(db, async (query) => {
    const tables = await query(`select 1 from pg_tables where tablename = 'orders'`);
    return tables.length ? count(query, 'orders') : 0;
  });
  if (have >= VISITS) log(`PGlite at ${dataDir}: ${have} visits already, reused`);
  else {
    log(`PGlite at ${dataDir}: seeding ${VISITS} visits of history (npm run seed -- --history --orders ${VISITS})`);
    const proc = startNodeScript({
      name: 'seed pglite',
      script: 'apps/checkup-server/src/db/seed-cli.ts',
      args: ['--history', '--orders', String(VISITS)],
      env: { DATA_DIR: dataDir },
      cpus: null,
      onLine: (line) => log(`  ${line.trim()}`),
    });
    const code = await new Promise<number | null>((resolve) => proc.child.once('exit', resolve));
    if (code !== 0) throw new Error(`seeding PGlite failed (exit ${code}):\n${proc.output()}`);
  }
  db.version = `PGlite (PostgreSQL ${await withSql(db, serverVersion)})`;
  return { label: 'PGlite', db, p95LimitMs: LIMITS.pgliteP95Ms };
}

/** BENCH_DATABASE_URL when it holds a year-scale load; why not otherwise. */
async function postgresTarget(): Promise<Target | { skipped: string }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return { skipped: 'BENCH_DATABASE_URL is not set' };
  const db: BenchDatabase = {
    kind: 'postgres',
    dataDir: path.resolve(repoRoot, process.env.DATA_DIR ?? 'data'),
    databaseUrl: url,
    version: 'PostgreSQL',
  };
  try {
    const visits = await withSql(db, (query) => count(query, 'orders'));
    if (visits < PG_VISITS) {
      return {
        skipped: `it holds ${visits} visits, not ${PG_VISITS}: seed it first (DATABASE_URL=… npm run seed -- --orders ${PG_VISITS})`,
      };
    }
    db.version = `PostgreSQL ${await withSql(db, serverVersion)}`;
    log(`${db.version}: ${visits} visits, reused as they are`);
  } catch (error) {
    return { skipped: `unreachable: ${(error as Error).message}` };
  }
  return { label: 'PostgreSQL', db, p95LimitMs: LIMITS.postgresP95Ms };
}

async function call(session: Session, url: string, init: RequestInit = {}) {
  const res = await fetch(`${session.origin}${url}`, {
    ...init,
    headers: { accept: 'application/json', cookie: session.cookie, origin: session.origin, ...init.headers },
  });
  return res;
}

/** The report's first page; answers how many rows the whole answer has. */
async function firstPage(session: Session, report: BiReport, from: string, to: string): Promise<number> {
  const dated = report.spec.dateKinds.length > 0;
  const search = new URLSearchParams({ page: '1', size: '20', ...(dated ? { date_from: from, date_to: to } : {}) });
  const res = await call(session, `${report.routes.query.path}?${search}`);
  const text = await res.text();
  const envelope = envelopeSchema(report.routes.query.output).safeParse(JSON.parse(text));
  if (!res.ok || !envelope.success || envelope.data.status !== SUCCESS_STATUS) {
    throw new Error(`${report.spec.key}: ${res.status} ${text.slice(0, 300)}`);
  }
  return (envelope.data.data as { total: number }).total;
}

/** Why the aggregate tables lag the visits (null when they do not), read before the stack starts. */
async function factsBehind(target: Target): Promise<string | null> {
  return withSql(target.db, async (query) => {
    const behind = (await count(query, 'orders')) - (await count(query, 'bi_visit_facts'));
    if (behind > 0) return `bi_visit_facts lacks ${behind} visits`;
    // The newest rollup: a database from before it has it missing (the server's migration adds it) or empty.
    const rollups = await query(`select 1 from pg_tables where tablename = 'bi_diag_days'`);
    if (rollups.length === 0 || (await count(query, 'bi_diag_days')) === 0) return 'the daily rollups are empty';
    return null;
  });
}

/** 刷新统计 by `npm run seed -- --refresh` on the database (no BFF time limit; the stack is not up). */
async function refresh(target: Target, why: string) {
  log(`${target.label}: ${why}; npm run seed -- --refresh first`);
  const started = performance.now();
  const env: NodeJS.ProcessEnv =
    target.db.kind === 'postgres' ? { DATABASE_URL: target.db.databaseUrl ?? '' } : { DATA_DIR: target.db.dataDir };
  const proc = startNodeScript({
    name: 'refresh',
    script: 'apps/checkup-server/src/db/seed-cli.ts',
    args: ['--refresh'],
    env,
    cpus: null,
    onLine: (line) => log(`  ${line.trim()}`),
  });
  const code = await new Promise<number | null>((resolve) => proc.child.once('exit', resolve));
  if (code !== 0) throw new Error(`refresh failed (exit ${code}):\n${proc.output()}`);
  log(`${target.label}: refreshed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The issue's size of a company for the 团检报告 PDF. */
const GROUP_PEOPLE = 2000;

/** The group order and 登记日期 range for the PDF: GROUP_PEOPLE people or just over (fewer when no order has them). */
async function groupOrderForPdf(target: Target) {
  return withSql(target.db, async (query) => {
    // The largest group order, and its first registration days that hold GROUP_PEOPLE people: the
    // report's 登记日期 range (a report over part of an order, as a centre does while it is running).
    const [row] = await query(
      `with g as (
         select g.id, g.company_id, coalesce(g.branch_id, (select min(id) from branches)) as branch_id
         from orders o join company_groups cg on cg.id = o.group_id join group_orders g on g.id = cg.group_order_id
         group by g.id order by count(*) desc, g.id limit 1),
       days as (
         select o.exam_date, sum(count(*)) over (order by o.exam_date)::int as upto
         from orders o join company_groups cg on cg.id = o.group_id
         where cg.group_order_id = (select id from g) group by o.exam_date)
       select g.id, g.company_id, g.branch_id, (select min(exam_date)::text from days) as date_from,
         coalesce((select min(exam_date)::text from days where upto >= ${GROUP_PEOPLE}), (select max(exam_date)::text from days)) as date_to,
         coalesce((select min(upto) from days where upto >= ${GROUP_PEOPLE}), (select max(upto) from days)) as visits
       from g`,
    );
    if (!row) throw new Error('no group order to report on');
    return {
      id: Number(row.id),
      companyId: Number(row.company_id),
      branchId: Number(row.branch_id),
      from: String(row.date_from),
      to: String(row.date_to),
      visits: Number(row.visits),
    };
  });
}

async function postForm(session: Session, path: string, form: Record<string, string | number>) {
  const res = await call(session, path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString(),
  });
  const text = await res.text();
  const body = JSON.parse(text) as { status: number; data: { id: number } };
  if (!res.ok || body.status !== SUCCESS_STATUS) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
  return body.data;
}

/** 团检报告 of the largest group order: defined, 生成 (timed), 打印PDF (timed). */
async function groupReportPdf(session: Session, order: Awaited<ReturnType<typeof groupOrderForPdf>>) {
  const saved = await postForm(session, groupReportSaveRoute.path, {
    company_id: order.companyId,
    group_order_id: order.id,
    sample_name: `bench ${Date.now()}`,
    branch_id: order.branchId,
    date_from: order.from,
    date_to: order.to,
    include_absent: '0',
  });
  const started = performance.now();
  await postForm(session, groupReportGenerateRoute.path, { id: saved.id });
  const generated = performance.now();
  const res = await call(session, `${groupReportPrintRoute.path}?id=${saved.id}`);
  const pdf = Buffer.from(await res.arrayBuffer());
  const printed = performance.now();
  if (!res.ok || pdf.subarray(0, 4).toString() !== '%PDF') {
    throw new Error(
      `打印PDF: HTTP ${res.status} after ${((printed - generated) / 1000).toFixed(1)} s (生成 ${((generated - started) / 1000).toFixed(1)} s)`,
    );
  }
  return { generateMs: generated - started, printMs: printed - generated, bytes: pdf.length };
}

/** The first day from which 支付方式's lines up to yesterday number at least EXPORT_ROWS. */
async function exportRange(target: Target, today: string) {
  return withSql(target.db, async (query) => {
    const rows = await query(
      `select day::text as day, sum(n) over (order by day desc)::int as upto from (
         select (paid_at at time zone 'Asia/Shanghai')::date as day, count(*) as n from payments
         where paid_at < ($1::date)::timestamp at time zone 'Asia/Shanghai' group by 1) d
       order by day desc`,
      [today],
    );
    const reach = rows.find((r) => Number(r.upto) >= EXPORT_ROWS) ?? rows.at(-1);
    if (!reach) throw new Error('no payments to export');
    return { from: String(reach.day), rows: Number(reach.upto) };
  });
}

async function measure(target: Target): Promise<string[]> {
  const today = todayCst();
  const yesterday = shift(today, -1);
  const ranges = [
    { name: '30 天', from: shift(today, -30), to: yesterday },
    { name: '1 年', from: shift(today, -365), to: yesterday },
  ];
  const exportAt = await exportRange(target, today);
  const behind = await factsBehind(target);
  if (behind) await refresh(target, behind);
  const groupOrder = await groupOrderForPdf(target);
  const before = new Set(childProcesses().map((c) => c.pid));
  const stack = await startBenchStack(target.db);
  const serverPid = childProcesses()
    .filter((c) => !before.has(c.pid))
    .find((c) => c.command.includes('apps/checkup-server/src/server.ts'))?.pid;
  const session = await logIn(stack.url, 'admin');
  log(`${target.db.version}: stack up; ${REPORTS.length} reports × ${ranges.length} ranges × ${RUNS} runs`);

  const timings: Timing[] = [];
  for (const report of REPORTS) {
    // A report that takes at most N days (a listing of lines) is measured over its longest range instead of a year.
    const span = report.spec.maxSpanDays;
    const own = ranges.map((r) =>
      span !== undefined && daysIn(r) > span
        ? { name: `${span} 天`, from: shift(yesterday, 1 - span), to: yesterday }
        : r,
    );
    for (const range of own) {
      let rows: number;
      try {
        rows = await firstPage(session, report, range.from, range.to); // warm-up, not counted
      } catch (error) {
        // A 504 (past the BFF's limit) is a result, not the end of the run: the others are still measured.
        const why = (error as Error).message.slice(0, 80);
        timings.push({ report: `${report.spec.title} (${report.spec.key})`, range: range.name, failed: why });
        log(`  ${report.spec.key} ${range.name}: FAILED ${why}`);
        continue;
      }
      const ms: number[] = [];
      try {
        for (let i = 0; i < RUNS; i += 1) {
          const t = performance.now();
          await firstPage(session, report, range.from, range.to);
          ms.push(performance.now() - t);
        }
      } catch (error) {
        const why = (error as Error).message.slice(0, 80);
        timings.push({ report: `${report.spec.title} (${report.spec.key})`, range: range.name, failed: why });
        log(`  ${report.spec.key} ${range.name}: FAILED ${why}`);
        continue;
      }
      ms.sort((a, b) => a - b);
      timings.push({
        report: `${report.spec.title} (${report.spec.key})`,
        range: range.name,
        p50: percentile(ms, 50),
        p95: percentile(ms, 95),
        rows,
      });
      log(
        `  ${report.spec.key} ${range.name}: p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms`,
      );
    }
  }

  // The export: idle RSS first (after the queries above), then the peak while the file streams.
  const report = BI_REPORTS.find((r) => r.spec.key === EXPORT_REPORT) ?? fail(`no report ${EXPORT_REPORT}`);
  const idle = rssMb(serverPid);
  let peak = idle ?? 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(serverPid) ?? 0)), 50);
  const search = new URLSearchParams({ date_from: exportAt.from, date_to: yesterday, row_key: '' });
  const t = performance.now();
  const res = await call(session, `${report.routes.export.path}?${search}`);
  const bytes = (await res.arrayBuffer()).byteLength;
  const exportMs = performance.now() - t;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(serverPid) ?? 0);
  // A 504 is the BFF giving up on the first byte (UPSTREAM_HEADERS_TIMEOUT_MS): reported, not thrown.
  const failed = res.ok ? null : `HTTP ${res.status} after ${(exportMs / 1000).toFixed(1)} s`;
  log(`  团检报告 of group order ${groupOrder.id} (${groupOrder.visits} people): 生成 and 打印PDF`);
  const groupPdf = await groupReportPdf(session, groupOrder).catch((error: unknown) => ({
    failed: (error as Error).message.slice(0, 120),
  }));
  await stack.stop();

  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const width = Math.max(...timings.map((r) => r.report.length)) + 2;
  const out = [
    `${target.db.version} — 首页 p50/p95 over ${RUNS} runs (limit p95 ≤ ${target.p95LimitMs} ms)`,
    `  ${'报表'.padEnd(width)}${'区间'.padEnd(8)}${'行数'.padStart(8)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}`,
    ...timings.map((r) =>
      r.failed !== undefined
        ? `  ${r.report.padEnd(width)}${r.range.padEnd(8)}  FAILED (${r.failed})  ${verdict(false)}`
        : `  ${r.report.padEnd(width)}${r.range.padEnd(8)}${String(r.rows).padStart(8)}${r.p50.toFixed(0).padStart(9)}${r.p95.toFixed(0).padStart(9)}  ${verdict(r.p95 <= target.p95LimitMs)}`,
    ),
  ];
  const growth = idle === null ? null : peak - idle;
  out.push(
    `  导出 ${report.spec.title}明细 ${exportAt.rows} rows (${exportAt.from} … ${yesterday}), ${(bytes / 1024 / 1024).toFixed(1)} MB: ` +
      `${failed ? `FAILED (${failed})` : `${(exportMs / 1000).toFixed(1)} s`} (≤ ${LIMITS.exportMs / 1000} s: ${verdict(!failed && exportMs <= LIMITS.exportMs)}); ` +
      `server RSS idle ${idle?.toFixed(0) ?? '?'} MB, peak ${peak.toFixed(0)} MB, growth ${growth?.toFixed(0) ?? '?'} MB ` +
      `(≤ ${LIMITS.rssGrowthMb} MB: ${growth === null ? 'not measured' : verdict(growth <= LIMITS.rssGrowthMb)})`,
  );
  if ('failed' in groupPdf) {
    out.push(
      `  团检报告 ${groupOrder.visits} 人 (group order ${groupOrder.id}): FAILED (${groupPdf.failed}) ${verdict(false)}`,
    );
  } else {
    out.push(
      `  团检报告 ${groupOrder.visits} 人 (group order ${groupOrder.id}, ${groupOrder.from} … ${groupOrder.to}): ` +
        `生成 ${(groupPdf.generateMs / 1000).toFixed(1)} s; 打印PDF ${(groupPdf.printMs / 1000).toFixed(1)} s ` +
        `(${(groupPdf.bytes / 1024).toFixed(0)} KB; ≤ ${LIMITS.groupPdfMs / 1000} s: ${verdict(groupPdf.printMs <= LIMITS.groupPdfMs)})`,
    );
  }
  return out;
}

const daysIn = (range: { from: string; to: string }) =>
  (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;

function shift(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function main() {
  installCleanup();
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'bench-bi-'));
  removeOnExit(tempDir);
  log(`bench:bi — ${REPORTS.length} reports on ${DATABASES.join(', ')}; load average ${os.loadavg()[0]!.toFixed(2)}`);
  const out: string[] = [];
  try {
    for (const kind of DATABASES) {
      const target = kind === 'pglite' ? await pgliteTarget(tempDir) : await postgresTarget();
      if ('skipped' in target) {
        out.push(`PostgreSQL NOT MEASURED: ${target.skipped}`);
        continue;
      }
      out.push(...(await measure(target)));
    }
  } finally {
    await stopAll();
  }
  console.log(`\n${out.join('\n')}`);
}

await main().catch(async (error: unknown) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
