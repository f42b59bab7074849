import path from 'node:path';
import { startStack } from '@checkup/launcher';
import {
  DATABASE_LABELS,
  preparePglite,
  preparePostgres,
  seed,
  serverVersion,
  withSql,
  type BenchDatabase,
  type DatabaseKind,
} from '../server/databases.js';
import { todayCst } from '../server/mix.js';
import { logIn, type Session } from '../server/session.js';
import { childProcesses, freePort, onStop } from '../shared/processes.js';
import { log, options } from './options.js';

export interface Target {
  kind: DatabaseKind;
  db: BenchDatabase;
  session: Session;
  orderIds: string[];
  serverPid?: number;
  /** Stops its stack, so that the next database is measured alone. */
  stop: () => Promise<void>;
}

/**
 * The demo seed with some extra visits, then `reports` of the visits with results made final-reviewed
 * visits of one company (禁检 lifted, exceptions handled), as a company's reports are at 团检 season.
 */
async function seeded(kind: DatabaseKind, tempDir: string) {
  const dir = path.join(tempDir, kind);
  let db: BenchDatabase;
  if (kind === 'postgres') {
    const prepared = await preparePostgres(options.adminUrl, dir, 'bench_report');
    if ('unreachable' in prepared) return { skipped: `unreachable: ${prepared.unreachable}` };
    db = prepared;
  } else {
    db = await preparePglite(dir);
  }
  const orders = Math.ceil(options.reports * 2);
  await seed(db, { orders, seed: options.seed, today: todayCst(), onLine: () => {} });
  return withSql(db, async (query) => {
    if (kind === 'pglite') db.version = `PGlite (PostgreSQL ${await serverVersion(query)})`;
    const picked = await query(
      `SELECT o.order_id FROM orders o
       WHERE EXISTS (SELECT 1 FROM item_results r WHERE r.order_id = o.order_id)
       ORDER BY (SELECT count(*) FROM item_results r WHERE r.order_id = o.order_id) DESC, o.order_id
       LIMIT $1`,
      [options.reports],
    );
    const orderIds = picked.map((r) => String(r.order_id));
    const [company] = await query('SELECT min(id) AS id FROM companies');
    await query(
      `UPDATE orders SET status = 'final_trial', company_id = $1, ban_reason = NULL WHERE order_id = ANY($2)`,
      [company?.id ?? null, orderIds],
    );
    await query(`UPDATE order_exceptions SET review_exception_flag = '2' WHERE order_id = ANY($1)`, [orderIds]);
    return { db, orderIds };
  });
}

/** A seeded database with its checkup server and BFF started as `npm start` does; or why not. */
export async function prepareTarget(kind: DatabaseKind, tempDir: string): Promise<Target | { skipped: string }> {
  const label = DATABASE_LABELS[kind];
  log(`${label}: seeding, then ${options.reports} final-reviewed visits of one company`);
  const ready = await seeded(kind, tempDir);
  if ('skipped' in ready) {
    log(`${label} NOT MEASURED: ${ready.skipped}`);
    return ready;
  }
  if (ready.orderIds.length < options.reports) log(`${label}: only ${ready.orderIds.length} visits with results`);
  const before = new Set(childProcesses().map((c) => c.pid));
  const stack = await startStack({
    checkupPort: await freePort(),
    bffPort: await freePort(),
    kioskPort: await freePort(),
    bffHost: '127.0.0.1',
    dataDir: ready.db.dataDir,
    databaseUrl: ready.db.databaseUrl,
    logLevel: 'warn',
    env: { SEED_ORDERS: '0' },
    // Other work may share the machine: starting under tsx then takes longer than the usual 30 s.
    readyTimeoutMs: 180_000,
  });
  onStop(() => stack.stop());
  const started = childProcesses().filter((c) => !before.has(c.pid));
  const serverPid = started.find((c) => c.command.includes('apps/checkup-server/src/server.ts'))?.pid;
  const session = await logIn(stack.url, 'admin');
  log(`${ready.db.version}: stack up at ${stack.url}`);
  return { kind, db: ready.db, session, orderIds: ready.orderIds, serverPid, stop: () => stack.stop() };
}
