import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { onStop, startNodeScript } from '../shared/processes.js';

export type DatabaseKind = 'pglite' | 'postgres';

export const DATABASE_LABELS: Record<DatabaseKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

/** One database under test and what the checkup server needs to open it. */
export interface BenchDatabase {
  kind: DatabaseKind;
  /** DATA_DIR of the stack: the server's keys, and for PGlite its data (DATA_DIR/pglite). */
  dataDir: string;
  /** Set for PostgreSQL: the fresh database of this run. */
  databaseUrl?: string;
  /** What it is, for the report; PGlite's server version is known once it has been opened. */
  version: string;
}

/** SQL with optional $1… parameters, answering its rows. */
export type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function asAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function preparePglite(dir: string): Promise<BenchDatabase> {
  await mkdir(dir, { recursive: true });
  return { kind: 'pglite', dataDir: dir, version: 'PGlite' };
}

/**
 * A fresh database <prefix>_<random> (bench_server_… unless another benchmark names its own) on the
 * server of `adminUrl`, dropped by stopAll; or why PostgreSQL cannot be used.
 */
export async function preparePostgres(
  adminUrl: string,
  dir: string,
  prefix = 'bench_server',
): Promise<BenchDatabase | { unreachable: string }> {
  let version: string;
  try {
    version = await asAdmin(
      adminUrl,
      async (c) => (await c.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v,
    );
  } catch (error) {
    return { unreachable: (error as Error).message || String(error) };
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await asAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  // WITH (FORCE): a server killed on Ctrl-C may not have closed its pool yet.
  onStop(() => asAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}));
  await mkdir(dir, { recursive: true });
  return {
    kind: 'postgres',
    dataDir: dir,
    databaseUrl: withDatabaseName(adminUrl, name),
    version: `PostgreSQL ${version} (database ${name})`,
  };
}

/** The environment that points the checkup server and its seed command at the database. */
export function databaseEnv(db: BenchDatabase): Record<string, string> {
  return { DATA_DIR: db.dataDir, ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}) };
}

/** `npm run seed` (apps/checkup-server/src/db/seed-cli.ts) as a process; each line it prints goes to onLine. */
export async function seed(
  db: BenchDatabase,
  opts: { orders: number; seed: number; today: string; onLine: (line: string) => void },
): Promise<void> {
  const proc = startNodeScript({
    name: `seed ${db.kind}`,
    script: 'apps/checkup-server/src/db/seed-cli.ts',
    args: ['--orders', String(opts.orders), '--seed', String(opts.seed), '--today', opts.today],
    env: databaseEnv(db),
    cpus: null,
    onLine: opts.onLine,
  });
  const code = await new Promise<number | null>((resolve) => proc.child.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding ${db.kind} failed (exit ${code}):\n${proc.output()}`);
}

/** SQL on the database while no server has it open (a PGlite directory is one process's at a time). */
export async function withSql<T>(db: BenchDatabase, work: (query: Query) => Promise<T>): Promise<T> {
  if (db.databaseUrl) {
    return asAdmin(db.databaseUrl, (c) => work(async (sql, params) => (await c.query(sql, params)).rows));
  }
  const client = new PGlite(path.join(db.dataDir, 'pglite'));
  try {
    return await work(async (sql, params) => (await client.query<Record<string, unknown>>(sql, params)).rows);
  } finally {
    await client.close();
  }
}

/**
 * Visits of examinees with an ID number and a phone, spread over the whole data set, the same on every
 * database. The numbers themselves are sealed in the database; the order detail gives them (prepare.ts).
 */
export interface SampleVisit {
  orderId: string;
  name: string;
}

export interface SampleCustomer extends SampleVisit {
  idCard: string;
  phone: string;
}

export async function sampleVisits(query: Query, count: number): Promise<SampleVisit[]> {
  const rows = await query(`
    SELECT o.order_id, c.cust_name
    FROM orders o JOIN customers c ON c.id = o.customer_id
    WHERE c.cust_id_card_hash IS NOT NULL AND c.phone_hash IS NOT NULL
    ORDER BY md5(o.order_id) LIMIT ${count}`);
  return rows.map((r) => ({ orderId: String(r.order_id), name: String(r.cust_name) }));
}

/** The days on which a status occurs, so that a filter by it is asked where it can find rows. */
export interface StatusSpan {
  status: string;
  first: string;
  last: string;
}

/** The span of each status in `table` (orders or order_depts). */
export async function statusSpans(query: Query, table: 'orders' | 'order_depts'): Promise<StatusSpan[]> {
  const rows = await query(
    `SELECT status, min(exam_date)::text AS first, max(exam_date)::text AS last FROM ${table} GROUP BY status ORDER BY status`,
  );
  return rows.map((r) => ({ status: String(r.status), first: String(r.first), last: String(r.last) }));
}

export async function serverVersion(query: Query): Promise<string> {
  const [row] = await query(`SELECT current_setting('server_version') AS v`);
  return String(row?.v);
}

/** Whether the planner has statistics on the big tables (reltuples is -1 until VACUUM or ANALYZE). */
export async function hasPlannerStatistics(query: Query): Promise<boolean> {
  const rows = await query(
    `SELECT count(*)::int AS n FROM pg_class WHERE relname IN ('orders', 'customers', 'order_depts') AND reltuples < 0`,
  );
  return Number(rows[0]?.n) === 0;
}
