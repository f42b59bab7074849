import path from 'node:path';
import { orderDetailRoute } from '@checkup/api-contract';
import { startStack } from '@checkup/launcher';
import { childProcesses, freePort, onStop } from '../shared/processes.js';
import {
  DATABASE_LABELS,
  hasPlannerStatistics,
  preparePglite,
  preparePostgres,
  sampleVisits,
  seed,
  statusSpans,
  serverVersion,
  withSql,
  type BenchDatabase,
  type DatabaseKind,
  type SampleCustomer,
  type SampleVisit,
  type StatusSpan,
} from './databases.js';
import { probe } from './load.js';
import { baselineMix, departments, searchMix, worklistMix, type CallMix } from './mix.js';
import { log, minutes, options } from './options.js';
import { getData, logIn, type Session } from './session.js';

// The BFF allows 30 logins a minute from one address (LOGIN_RATE_LIMIT_PER_MINUTE).
const SESSIONS_MAX = 25;

/** A seeded database, ready for its stack. */
export interface Prepared {
  db: BenchDatabase;
  seedMs: number;
  maintenance: string;
  plannerStatistics: boolean;
  visits: SampleVisit[];
  orderSpans: StatusSpan[];
  deptSpans: StatusSpan[];
}

/** A running stack in front of a database, logged in, with the requests to send it. */
export interface Target {
  kind: DatabaseKind;
  /** One per closed-loop client, up to SESSIONS_MAX. */
  sessions: Session[];
  mixes: CallMix[];
  /** The stack's two processes, whose CPU time is charged to the requests. */
  pids: { bff?: number; server?: number };
}

/**
 * Creates and seeds one database, then reads from it what the API does not list: visits of
 * examinees with an ID number and a phone to search by (the order list masks the one and has no
 * column for the other), and the days on which each status occurs.
 */
export async function prepare(
  kind: DatabaseKind,
  tempDir: string,
  today: string,
): Promise<Prepared | { skipped: string }> {
  const label = DATABASE_LABELS[kind];
  const dir = path.join(tempDir, kind);
  let db: BenchDatabase;
  if (kind === 'postgres') {
    const prepared = await preparePostgres(options.adminUrl, dir);
    if ('unreachable' in prepared) {
      const where = options.adminUrl.replace(/\/\/[^@/]*@/, '//…@');
      log(`PostgreSQL NOT MEASURED: cannot connect to ${where} (${prepared.unreachable})`);
      log('  set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server where this role may CREATE DATABASE');
      return { skipped: `unreachable: ${prepared.unreachable}` };
    }
    db = prepared;
  } else {
    db = await preparePglite(dir);
  }
  log(`${db.version}: seeding ${options.orders} orders (seed ${options.seed}, today ${today})`);
  const seedStarted = Date.now();
  await seed(db, {
    orders: options.orders,
    seed: options.seed,
    today,
    onLine: (line) => {
      if (/orders$|^inserted/.test(line.trim())) log(`  ${kind} seed: ${line.trim()}`);
    },
  });
  const seedMs = Date.now() - seedStarted;
  log(`${label}: seeded in ${minutes(seedMs)}`);
  return withSql(db, async (query) => {
    if (kind === 'pglite') db.version = `PGlite (PostgreSQL ${await serverVersion(query)})`;
    let maintenance = 'none (as the seed leaves it)';
    if (options.analyze.has(kind)) {
      const t = Date.now();
      await query('VACUUM (ANALYZE)');
      maintenance = `VACUUM (ANALYZE) after seeding, ${((Date.now() - t) / 1000).toFixed(1)} s`;
      log(`${label}: ${maintenance}`);
    }
    const plannerStatistics = await hasPlannerStatistics(query);
    if (!plannerStatistics) log(`${label}: no planner statistics on orders, customers, order_depts (never analyzed)`);
    return {
      db,
      seedMs,
      maintenance,
      plannerStatistics,
      visits: await sampleVisits(query, 40),
      orderSpans: await statusSpans(query, 'orders'),
      deptSpans: await statusSpans(query, 'order_depts'),
    };
  });
}

/** Starts the checkup server and the BFF as `npm start` does, logs in, and checks every request once. */
export async function startTarget(prepared: Prepared, today: string): Promise<Target> {
  const { db } = prepared;
  const before = new Set(childProcesses().map((c) => c.pid));
  const stack = await startStack({
    checkupPort: await freePort(),
    bffPort: await freePort(),
    kioskPort: await freePort(),
    bffHost: '127.0.0.1',
    dataDir: db.dataDir,
    databaseUrl: db.databaseUrl,
    logLevel: 'warn',
    env: { SEED_ORDERS: '0' },
  });
  onStop(() => stack.stop());
  const started = childProcesses().filter((c) => !before.has(c.pid));
  const pidOf = (script: string) => started.find((c) => c.command.includes(script))?.pid;
  const pids = { bff: pidOf('apps/bff/src/server.ts'), server: pidOf('apps/checkup-server/src/server.ts') };
  const sessions: Session[] = [];
  for (let n = 0; n < Math.min(SESSIONS_MAX, Math.max(...options.connections)); n += 1) {
    sessions.push(await logIn(stack.url, 'admin'));
  }
  const [session] = sessions as [Session];
  // Sealed at rest (issue 17 §2): the order detail gives the whole numbers, as to a registrar.
  const customers: SampleCustomer[] = [];
  for (const visit of prepared.visits) {
    const { customer } = await getData(session, orderDetailRoute, { order_id: visit.orderId });
    customers.push({ ...visit, idCard: customer.cust_id_card!, phone: customer.phone! });
  }
  const mixes = [
    baselineMix(),
    worklistMix(await departments(session), prepared.deptSpans, today),
    searchMix(customers, prepared.orderSpans),
  ];
  log(
    `${DATABASE_LABELS[db.kind]}: stack up at ${stack.url}, ${sessions.length} sessions as admin; each request of the mix once:`,
  );
  for (const mix of mixes) {
    const found = [...(await probe(session, mix.requests))].map(([kind, c]) => `${kind} ${c.found}/${c.sent}`);
    log(`  ${mix.call}: ${mix.requests.length} in the mix; answers with rows: ${found.join(', ')}`);
  }
  return { kind: db.kind, sessions, mixes, pids };
}
