import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import {
  cashierDayEndCloseRoute,
  cashierDayEndPreviewRoute,
  envelopeSchema,
  SUCCESS_STATUS,
} from '@checkup/api-contract';
import {
  DATABASE_LABELS,
  preparePglite,
  preparePostgres,
  seed,
  serverVersion,
  withSql,
  type BenchDatabase,
  type DatabaseKind,
  type Query,
} from '../server/databases.js';
import { todayCst } from '../server/mix.js';
import { getData, logIn, type Session } from '../server/session.js';
import { adminDatabaseUrl, benchCli, progressLog } from '../shared/cli.js';
import { startBenchStack } from '../shared/bench-stack.js';
import { installCleanup, removeOnExit, stopAll } from '../shared/processes.js';
import { median } from '../shared/stats.js';

/**
 * bench:day-end (issue 23): a cashier's day-end over 5,000 open payment lines (and 200 invoices), the
 * preview (GET …/cashier/preview) and the close (POST …/cashier/close), through the BFF as the web
 * calls them, on PGlite and, with `--databases pglite,postgres`, on PostgreSQL. The lines are seeded
 * by SQL before the stack starts, one cashier per run (a copy of the demo cashier).
 */
const { values: args } = parseArgs({
  options: {
    lines: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '5' },
    databases: { type: 'string', default: 'pglite' },
  },
});
const { fail, databaseList } = benchCli('bench:day-end');
const whole = (name: string, value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) fail(`--${name} must be a whole number ≥ 1`);
  return n;
};
const LINES = whole('lines', args.lines);
const RUNS = whole('runs', args.runs);
const DATABASES = databaseList('databases', args.databases);
/** The limit: a day-end over 5,000 lines in at most 1 s. */
const LIMIT_MS = 1000;
const INVOICES = 200;
const METHODS = ['cash', 'wechat', 'alipay', 'card', 'transfer', 'exam_card', 'company', 'on_account'];
const log = progressLog();

/**
 * Cashier `bench_cashier_<run>`, the demo cashier's password and roles, with `LINES` open lines (one
 * in ten a refund of an earlier one) and `INVOICES` invoices, one in twenty voided.
 */
async function seedCashier(query: Query, run: number) {
  const account = `bench_cashier_${run}`;
  const [user] = await query(
    `INSERT INTO users (user_account, user_name, password_hash)
     SELECT $1, $2, password_hash FROM users WHERE user_account = 'cashier' RETURNING id`,
    [account, `日结压测${run}`],
  );
  if (!user) throw new Error('the demo seed has no cashier account');
  const id = Number(user.id);
  await query(
    `INSERT INTO user_roles (user_id, role_id)
     SELECT $1, role_id FROM user_roles WHERE user_id = (SELECT id FROM users WHERE user_account = 'cashier')`,
    [id],
  );
  const refunds = Math.floor(LINES / 10);
  const charges = LINES - refunds;
  // Settlement and 预缴 lines name a real settlement and prepaid account (the payments keep foreign keys).
  const [company] = await query(`INSERT INTO companies (company_name) VALUES ($1) RETURNING id`, [
    `日结压测单位${run}`,
  ]);
  const [order] = await query(
    `INSERT INTO group_orders (order_no, order_name, company_id, plan_from, plan_to, approval_state)
     VALUES ($1, '日结压测订单', $2, '2026-01-01', '2026-12-31', 'approved') RETURNING id`,
    [`TD-BENCH-${run}`, company!.id],
  );
  const [settlement] = await query(
    `INSERT INTO settlements (settlement_no, group_order_id, waive_mode) VALUES ($1, $2, 'exclude_waived') RETURNING id`,
    [`JS-BENCH-${run}`, order!.id],
  );
  const [prepaid] = await query(`INSERT INTO company_accounts (company_id) VALUES ($1) RETURNING id`, [company!.id]);
  await query(
    `INSERT INTO payments (purpose, settlement_id, company_account_id, amount, pay_method, operator_id)
     SELECT CASE WHEN n % 3 = 0 THEN 'settlement' ELSE 'advance' END,
            CASE WHEN n % 3 = 0 THEN $5::int END,
            CASE WHEN n % 3 = 0 THEN NULL ELSE $6::int END,
            (100 + (n * 7919) % 99900) / 100.0,
            ($2::text[])[1 + n % $3],
            $1
     FROM generate_series(0, $4 - 1) AS n`,
    [id, METHODS, METHODS.length, charges, settlement!.id, prepaid!.id],
  );
  await query(
    `INSERT INTO payments (purpose, settlement_id, company_account_id, kind, refund_of, amount, pay_method, operator_id)
     SELECT purpose, settlement_id, company_account_id, 'refund', id, -0.50, pay_method, operator_id
     FROM payments WHERE operator_id = $1 ORDER BY id LIMIT $2`,
    [id, refunds],
  );
  await query(
    `INSERT INTO invoices (invoice_no, scope, title, amount, issued_by, state, voided_by, voided_at)
     SELECT 'BENCH-' || $1::text || '-' || n, 'group', '压测单位', (10000 + n) / 100.0, $1::int,
            CASE WHEN n % 20 = 0 THEN 'voided' ELSE 'issued' END,
            CASE WHEN n % 20 = 0 THEN $1::int END,
            CASE WHEN n % 20 = 0 THEN now() END
     FROM generate_series(0, $2 - 1) AS n`,
    [id, INVOICES],
  );
  return account;
}

/** A POST through the BFF as the web makes it (same-origin, the session cookie); answers `data`. */
async function post(session: Session, path: string) {
  const res = await fetch(`${session.origin}${path}`, {
    method: 'POST',
    headers: {
      cookie: session.cookie,
      origin: session.origin,
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: '',
  });
  const text = await res.text();
  const envelope = envelopeSchema(cashierDayEndCloseRoute.output).safeParse(JSON.parse(text));
  if (!res.ok || !envelope.success || envelope.data.status !== SUCCESS_STATUS) {
    throw new Error(`POST ${path}: ${res.status} ${text.slice(0, 300)}`);
  }
  return envelope.data.data!;
}

async function prepare(kind: DatabaseKind, tempDir: string): Promise<BenchDatabase | { skipped: string }> {
  const dir = path.join(tempDir, kind);
  if (kind === 'pglite') return preparePglite(dir);
  const prepared = await preparePostgres(adminDatabaseUrl(), dir, 'bench_day_end');
  return 'unreachable' in prepared ? { skipped: `unreachable: ${prepared.unreachable}` } : prepared;
}

async function measure(kind: DatabaseKind, db: BenchDatabase) {
  const label = DATABASE_LABELS[kind];
  log(`${label}: seeding the demo catalogue, then ${RUNS} cashiers with ${LINES} open lines each`);
  await seed(db, { orders: 0, seed: 2026, today: todayCst(), onLine: () => {} });
  const accounts = await withSql(db, async (query) => {
    if (kind === 'pglite') db.version = `PGlite (PostgreSQL ${await serverVersion(query)})`;
    const made: string[] = [];
    for (let run = 1; run <= RUNS; run += 1) made.push(await seedCashier(query, run));
    return made;
  });
  const stack = await startBenchStack(db);
  log(`${db.version}: stack up; measuring`);
  const preview: number[] = [];
  const close: number[] = [];
  for (const [i, account] of accounts.entries()) {
    const session = await logIn(stack.url, account);
    let started = performance.now();
    const totals = await getData(session, cashierDayEndPreviewRoute);
    preview.push(performance.now() - started);
    started = performance.now();
    const dayEnd = await post(session, cashierDayEndCloseRoute.path);
    close.push(performance.now() - started);
    if (totals.line_count !== LINES || dayEnd.line_count !== LINES) {
      throw new Error(`counted ${totals.line_count} and closed ${dayEnd.line_count} lines, not ${LINES}`);
    }
    log(
      `  ${label} run ${i + 1}: preview ${preview.at(-1)!.toFixed(0)} ms, day-end ${close.at(-1)!.toFixed(0)} ms ` +
        `(${dayEnd.day_end_no}: ${dayEnd.line_count} lines, 总金额 ${dayEnd.total}, 实收 ${dayEnd.received_total}, 发票 ${dayEnd.invoice_total})`,
    );
  }
  await stack.stop();
  return { preview: median(preview), close: median(close) };
}

async function main() {
  installCleanup();
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'bench-day-end-'));
  removeOnExit(tempDir);
  log(
    `bench:day-end — ${LINES} lines × ${RUNS} runs on ${DATABASES.join(', ')}; load average ${os.loadavg()[0]!.toFixed(2)}`,
  );
  const out: string[] = [];
  try {
    for (const kind of DATABASES) {
      const db = await prepare(kind, tempDir);
      if ('skipped' in db) {
        out.push(`${DATABASE_LABELS[kind]} NOT MEASURED: ${db.skipped}`);
        continue;
      }
      const m = await measure(kind, db);
      const verdict = (ms: number) => (ms <= LIMIT_MS ? 'met' : 'MISSED');
      out.push(
        `${DATABASE_LABELS[kind].padEnd(10)} preview ${m.preview.toFixed(0)} ms (≤ ${LIMIT_MS} ms: ${verdict(m.preview)})  ` +
          `day-end ${m.close.toFixed(0)} ms (≤ ${LIMIT_MS} ms: ${verdict(m.close)})`,
      );
    }
    console.log(
      `\nmedians of ${RUNS} runs through the BFF, ${LINES} open lines and ${INVOICES} invoices for one cashier each\n`,
    );
    for (const line of out) console.log(line);
  } finally {
    await stopAll();
  }
}

main().catch(async (error: unknown) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
