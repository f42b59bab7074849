import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { costDetailRoute } from '@checkup/api-contract';
import { preparePglite, seed, serverVersion, withSql, type Query } from '../server/databases.js';
import { todayCst } from '../server/mix.js';
import { getData, logIn } from '../server/session.js';
import { benchCli, progressLog } from '../shared/cli.js';
import { startBenchStack } from '../shared/bench-stack.js';
import { installCleanup, removeOnExit, stopAll } from '../shared/processes.js';
import { median } from '../shared/stats.js';

/*
 * bench:cashier (issue 23): the cashier's screen for a visit with 40 item lines — 费用详情, its lines,
 * its payment lines and its refunds — opened N times through the BFF on PGlite; the median of the
 * opens against the target of 300 ms.
 */
const { values: args } = parseArgs({
  options: { opens: { type: 'string', default: '30' }, lines: { type: 'string', default: '40' } },
});
const { fail } = benchCli('bench:cashier');
const whole = (name: string, value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) fail(`--${name} must be a whole number ≥ 1`);
  return n;
};
const OPENS = whole('opens', args.opens);
const LINES = whole('lines', args.lines);
const TARGET_MS = 300;
const log = progressLog();

/** A visit with LINES 自费 lines of the demo catalogue, half paid in two methods, one line returned with a refund. */
async function addVisit(query: Query): Promise<string> {
  // The demo catalogue has fewer unions than a big visit: the visit takes its own, across the departments.
  const depts = await query(`SELECT id FROM departments ORDER BY id`);
  if (depts.length === 0) throw new Error('the demo seed has no department');
  const unions: Record<string, unknown>[] = [];
  for (let i = 0; i < LINES; i += 1) {
    const [u] = await query(
      `INSERT INTO unions (union_code, union_name, dept_id, price) VALUES ($1, $2, $3, $4) RETURNING id, dept_id, price`,
      [`BENCH-CASH-${i + 1}`, `收费压测项目${i + 1}`, depts[i % depts.length]!.id, String(20 + i)],
    );
    unions.push(u!);
  }
  const [customer] = await query(
    `INSERT INTO customers (cust_name, sex, birthday) VALUES ('收费压测', '1', '1980-01-01') RETURNING id`,
  );
  const orderId = `${todayCst().replaceAll('-', '')}990001`;
  await query(
    `INSERT INTO orders (order_id, customer_id, exam_type, status, exam_date, total_price)
     VALUES ($1, $2, 'health', 'registered', $3, 0)`,
    [orderId, customer!.id, todayCst()],
  );
  for (const [i, u] of unions.entries()) {
    await query(
      `INSERT INTO order_unions (order_id, union_id, dept_id, price, list_price, origin, pay_mode, fee_charged)
       VALUES ($1, $2, $3, $4, $4, 'extra', 'self', $5)`,
      [orderId, u.id, u.dept_id, u.price, i < LINES / 2],
    );
  }
  const [paid] = await query(
    `SELECT coalesce(sum(price), 0)::numeric(10,2) AS total FROM order_unions WHERE order_id = $1 AND fee_charged`,
    [orderId],
  );
  const half = (Number(paid!.total) / 2).toFixed(2);
  const rest = (Number(paid!.total) - Number(half)).toFixed(2);
  const [first] = await query(
    `INSERT INTO payments (order_id, purpose, kind, amount, pay_method) VALUES ($1, 'visit', 'charge', $2, 'cash') RETURNING id`,
    [orderId, half],
  );
  await query(
    `INSERT INTO payments (order_id, purpose, kind, amount, pay_method) VALUES ($1, 'visit', 'charge', $2, 'wechat')`,
    [orderId, rest],
  );
  await query(
    `INSERT INTO payments (order_id, purpose, kind, refund_of, amount, pay_method) VALUES ($1, 'visit', 'refund', $2, -1, 'cash')`,
    [orderId, first!.id],
  );
  return orderId;
}

async function main(): Promise<void> {
  installCleanup();
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'bench-cashier-'));
  removeOnExit(tempDir);
  log(`bench:cashier — ${OPENS} opens of a ${LINES}-line visit on PGlite; load average ${os.loadavg()[0]!.toFixed(2)}`);
  try {
    const db = await preparePglite(path.join(tempDir, 'pglite'));
    log('seeding the demo catalogue');
    await seed(db, { orders: 0, seed: 2026, today: todayCst(), onLine: () => {} });
    const orderId = await withSql(db, async (query) => {
      db.version = `PGlite (PostgreSQL ${await serverVersion(query)})`;
      return addVisit(query);
    });
    const stack = await startBenchStack(db);
    const session = await logIn(stack.url, 'cashier');
    const open = () => getData(session, costDetailRoute, { order_id: orderId });
    const first = await open();
    if (first.lines.length !== LINES) throw new Error(`the visit shows ${first.lines.length} lines, not ${LINES}`);
    for (let i = 0; i < 3; i += 1) await open();
    const samples: number[] = [];
    for (let i = 0; i < OPENS; i += 1) {
      const started = performance.now();
      await open();
      samples.push(performance.now() - started);
    }
    const m = median(samples);
    console.log(`\n${db.version}: 费用详情 of a ${LINES}-line visit through the BFF as cashier`);
    console.log(
      `median of ${OPENS} opens ${m.toFixed(1)} ms (max ${Math.max(...samples).toFixed(1)} ms; target ≤ ${TARGET_MS} ms: ${m <= TARGET_MS ? 'met' : 'MISSED'})`,
    );
  } finally {
    await stopAll();
  }
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await stopAll(2000);
  process.exit(1);
});
