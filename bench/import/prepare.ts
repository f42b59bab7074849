import path from 'node:path';
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
import { logIn, type Session } from '../server/session.js';
import { startBenchStack } from '../shared/bench-stack.js';
import { childProcesses } from '../shared/processes.js';
import { log, options } from './options.js';

/** A seeded database with one approved group order per run, its stack running, logged in as admin. */
export interface Target {
  kind: DatabaseKind;
  db: BenchDatabase;
  session: Session;
  orderIds: number[];
  packageName: string;
  serverPid: number | undefined;
}

/**
 * The group orders the runs import into: approved, open, planned from today, each with the groups a
 * company's list is matched to (men, married and unmarried women, over 50 first), all on the demo
 * package with the most lines, the men's group at its own 优惠价.
 */
async function addOrders(query: Query, runs: number) {
  const [pkg] = await query(
    `SELECT p.id, p.package_name, p.price FROM packages p JOIN package_unions pu ON pu.package_id = p.id
     WHERE p.is_active AND p.gender_limit = '0' GROUP BY p.id ORDER BY count(*) DESC, p.id LIMIT 1`,
  );
  if (!pkg) throw new Error('the demo seed has no package for both sexes');
  const [company] = await query(`INSERT INTO companies (company_name) VALUES ('名单导入压测单位') RETURNING id`);
  const today = todayCst();
  const ids: number[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const [order] = await query(
      `INSERT INTO group_orders (order_no, order_name, company_id, plan_from, plan_to, approval_state)
       VALUES ($1, $2, $3, $4, $4, 'approved') RETURNING id`,
      [`TDBENCH${String(run).padStart(4, '0')}`, `压测订单${run}`, company!.id, today],
    );
    const groups: [string, string, string, number | null, number, string, string | null][] = [
      ['老年组', '0', '0', 50, 10, 'self', null],
      ['男职工组', '1', '0', null, 5, 'company', String(Math.max(1, Math.round(Number(pkg.price) * 0.9)))],
      ['女已婚组', '2', '1', null, 5, 'company', null],
      ['女未婚组', '2', '2', null, 5, 'company', null],
    ];
    for (const [name, gender, marital, ageFrom, priority, payMode, price] of groups) {
      await query(
        `INSERT INTO company_groups (company_id, group_order_id, group_name, package_id, gender_limit,
           marital_limit, age_from, priority, pay_mode, price)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [company!.id, order!.id, name, pkg.id, gender, marital, ageFrom, priority, payMode, price],
      );
    }
    ids.push(Number(order!.id));
  }
  return { ids, packageName: String(pkg.package_name) };
}

export async function prepareTarget(kind: DatabaseKind, tempDir: string): Promise<Target | { skipped: string }> {
  const label = DATABASE_LABELS[kind];
  const dir = path.join(tempDir, kind);
  let db: BenchDatabase;
  if (kind === 'postgres') {
    const prepared = await preparePostgres(options.adminUrl, dir, 'bench_import');
    if ('unreachable' in prepared) {
      log(`${label} NOT MEASURED: unreachable: ${prepared.unreachable}`);
      return { skipped: `unreachable: ${prepared.unreachable}` };
    }
    db = prepared;
  } else {
    db = await preparePglite(dir);
  }
  log(`${label}: seeding the demo catalogue and ${options.runs} approved group orders`);
  await seed(db, { orders: 0, seed: options.seed, today: todayCst(), onLine: () => {} });
  const { ids, packageName } = await withSql(db, async (query) => {
    if (kind === 'pglite') db.version = `PGlite (PostgreSQL ${await serverVersion(query)})`;
    return addOrders(query, options.runs);
  });
  const before = new Set(childProcesses().map((c) => c.pid));
  const stack = await startBenchStack(db);
  const started = childProcesses().filter((c) => !before.has(c.pid));
  const serverPid = started.find((c) => c.command.includes('apps/checkup-server/src/server.ts'))?.pid;
  const session = await logIn(stack.url, 'admin');
  return { kind, db, session, orderIds: ids, packageName, serverPid };
}
