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
import { probe } from '../server/load.js';
import { todayCst } from '../server/mix.js';
import { logIn, type Session } from '../server/session.js';
import { childProcesses, freePort, onStop } from '../shared/processes.js';
import { seedCatalogue } from './catalogue.js';
import { catalogueMixes, type CallMix } from './mix.js';
import { log, options } from './options.js';

/** A seeded database with its stack running, logged in as admin, and the requests to send it. */
export interface Target {
  kind: DatabaseKind;
  db: BenchDatabase;
  seedMs: number;
  counts: Record<string, number>;
  maintenance: string;
  plannerStatistics: boolean;
  session: Session;
  mixes: CallMix[];
  pids: { bff?: number; server?: number };
}

/** Creates the database, runs the demo seed (no orders), adds the bulk catalogue, reads the mixes. */
async function seeded(kind: DatabaseKind, tempDir: string) {
  const dir = path.join(tempDir, kind);
  let db: BenchDatabase;
  if (kind === 'postgres') {
    const prepared = await preparePostgres(options.adminUrl, dir, 'bench_catalogue');
    if ('unreachable' in prepared) return { skipped: `unreachable: ${prepared.unreachable}` };
    db = prepared;
  } else {
    db = await preparePglite(dir);
  }
  const started = Date.now();
  await seed(db, { orders: 0, seed: options.seed, today: todayCst(), onLine: () => {} });
  return withSql(db, async (query) => {
    if (kind === 'pglite') db.version = `PGlite (PostgreSQL ${await serverVersion(query)})`;
    const counts = await seedCatalogue(query, options.scale, options.seed);
    const seedMs = Date.now() - started;
    let maintenance = 'none (as the seed leaves it)';
    if (options.analyze.has(kind)) {
      const t = Date.now();
      await query('VACUUM (ANALYZE)');
      maintenance = `VACUUM (ANALYZE) after seeding, ${((Date.now() - t) / 1000).toFixed(1)} s`;
    }
    // reltuples is -1 until VACUUM or ANALYZE: the planner guesses the tables' sizes.
    const [stats] = await query(
      `SELECT count(*)::int AS n FROM pg_class WHERE relname IN ('exam_items', 'unions', 'diagnoses') AND reltuples < 0`,
    );
    const plannerStatistics = Number(stats?.n) === 0;
    return { db, seedMs, counts, maintenance, plannerStatistics, mixes: await catalogueMixes(query, options.seed) };
  });
}

/** A database seeded and its checkup server and BFF started as `npm start` does; or why not. */
export async function prepareTarget(kind: DatabaseKind, tempDir: string): Promise<Target | { skipped: string }> {
  const label = DATABASE_LABELS[kind];
  log(`${label}: seeding the demo catalogue and ${JSON.stringify(options.scale)}`);
  const ready = await seeded(kind, tempDir);
  if ('skipped' in ready) {
    log(`${label} NOT MEASURED: ${ready.skipped}`);
    return ready;
  }
  log(
    `${ready.db.version}: ${JSON.stringify(ready.counts)} in ${(ready.seedMs / 1000).toFixed(1)} s; ${ready.maintenance}`,
  );
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
  });
  onStop(() => stack.stop());
  const started = childProcesses().filter((c) => !before.has(c.pid));
  const pidOf = (script: string) => started.find((c) => c.command.includes(script))?.pid;
  const pids = { bff: pidOf('apps/bff/src/server.ts'), server: pidOf('apps/checkup-server/src/server.ts') };
  const session = await logIn(stack.url, 'admin');
  for (const mix of ready.mixes) {
    const found = [...(await probe(session, mix.requests))].map(([k, c]) => `${k} ${c.found}/${c.sent}`);
    log(`  ${mix.list} ${mix.call}: answers with rows: ${found.join(', ')}`);
  }
  return { kind, ...ready, session, pids };
}
