import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The same drizzle API over PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** `loadDataDir` starts an in-memory PGlite from a dump (`dumpDataDir`) instead of an empty cluster. */
export type DatabaseTarget = { kind: 'pglite'; dir?: string; loadDataDir?: Blob } | { kind: 'postgres'; url: string };

/** The database a configuration names: PostgreSQL when DATABASE_URL is set, else PGlite in the data dir. */
export function databaseTargetOf(config: { DATABASE_URL?: string; pgliteDir: string }): DatabaseTarget {
  return config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dir: config.pgliteDir };
}

/**
 * Opens the database and brings its schema up to date. `dir` undefined means in memory. Tests that
 * upgrade a database written by an older version migrate it from a folder holding fewer migrations.
 */
export async function openDatabase(
  target: DatabaseTarget,
  { migrationsFolder = MIGRATIONS_FOLDER }: { migrationsFolder?: string } = {},
): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the database drops (a restart, an administrator) must not crash the
    // server: the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (target.dir) await mkdir(target.dir, { recursive: true });
  const client = target.dir ? new PGlite(target.dir) : new PGlite({ loadDataDir: target.loadDataDir });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}
