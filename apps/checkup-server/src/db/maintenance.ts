import { sql } from 'drizzle-orm';
import type { Database, Db } from './client.js';

/**
 * Planner statistics. PostgreSQL's autovacuum keeps them; PGlite has none, and without statistics
 * an order search by ID number reads every order backwards instead of using the index
 * (bench:server: 570 ms vs 1 ms at 100k orders). So the server analyzes what was never analyzed
 * at start, after a bulk seed, and every few hours on PGlite.
 */
export async function analyzeIfNeverAnalyzed(db: Db): Promise<boolean> {
  const result = (await db.execute(
    sql`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.reltuples < 0`,
  )) as unknown as { rows: { n: number }[] };
  if ((result.rows[0]?.n ?? 0) === 0) return false;
  await analyze(db);
  return true;
}

export async function analyze(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}

/** PGlite only: statistics refreshed every `hours` as visits accumulate. */
export function scheduleAnalyze(database: Database, onError: (err: unknown) => void, hours = 6) {
  if (database.kind !== 'pglite') return null;
  const timer = setInterval(() => void analyze(database.db).catch(onError), hours * 3_600_000);
  timer.unref();
  return timer;
}
