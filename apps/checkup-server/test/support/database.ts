import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { seedDemoData } from '../../src/db/seed.js';
import { asAdmin, postgresUrl, withDatabaseName } from './postgres-admin.js';

export { postgresUrl };

export type DatabaseKind = 'pglite' | 'postgres';

export interface TestDatabaseTarget {
  kind: DatabaseKind;
  title: string;
}

const PGLITE: TestDatabaseTarget = { kind: 'pglite', title: 'on PGlite (in memory)' };
const POSTGRES: TestDatabaseTarget = { kind: 'postgres', title: 'on PostgreSQL (TEST_DATABASE_URL)' };

/** The targets this run can reach: PGlite always, PostgreSQL only when TEST_DATABASE_URL is set. */
export function databaseTargets(): TestDatabaseTarget[] {
  return postgresUrl ? [PGLITE, POSTGRES] : [PGLITE];
}

/**
 * Declares the suite once per database. Without TEST_DATABASE_URL the PostgreSQL suite is still
 * declared, as skipped, so the runner reports it as not run.
 */
export function describeOnEachDatabase(suite: (target: TestDatabaseTarget) => void): void {
  describe(PGLITE.title, () => suite(PGLITE));
  describe.skipIf(!postgresUrl)(POSTGRES.title, () => suite(POSTGRES));
}

/** A test database; a PostgreSQL one also says where it is, so a second instance can open it. */
export type TestDatabase = Database & { url?: string };

async function openPostgres(
  url: string,
  { migrationsFolder, template }: { migrationsFolder?: string; template?: string },
): Promise<TestDatabase> {
  const name = `checkup_test_${randomBytes(6).toString('hex')}`;
  await asAdmin(url, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  let database: Database;
  try {
    database = await openDatabase({ kind: 'postgres', url: withDatabaseName(url, name) }, { migrationsFolder });
  } catch (error) {
    await asAdmin(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
  return {
    ...database,
    url: withDatabaseName(url, name),
    async close() {
      await database.close();
      await asAdmin(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** The seeded templates the integration project's global setup made (support/global-setup.ts). */
function seededTemplate(kind: DatabaseKind): string | null {
  try {
    return kind === 'pglite' ? inject('pgliteTemplate') : inject('postgresTemplate');
  } catch {
    return null;
  }
}

/**
 * A migrated and seeded database of its own; PostgreSQL gets a fresh database dropped on close.
 * `migrationsFolder` stops the schema at an older version (support/migrations.ts); `dir` keeps a
 * PGlite database in a folder, so that it can be opened again.
 */
export async function openTestDatabase(
  target: TestDatabaseTarget,
  options: { migrationsFolder?: string; dir?: string; seed?: boolean } = {},
): Promise<TestDatabase> {
  if (target.kind === 'postgres' && !postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  // Today's schema, seeded and in memory, is a copy of the template; anything else is built here.
  const template =
    options.migrationsFolder || options.dir || options.seed === false ? null : seededTemplate(target.kind);
  if (template && target.kind === 'postgres') return openPostgres(postgresUrl!, { template });
  if (template) {
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([await readFile(template)]) });
  }
  const database: TestDatabase =
    target.kind === 'postgres'
      ? await openPostgres(postgresUrl!, { migrationsFolder: options.migrationsFolder })
      : await openDatabase({ kind: 'pglite', dir: options.dir }, { migrationsFolder: options.migrationsFolder });
  try {
    // A database at an older migration is not seeded: today's seed writes today's columns.
    if (options.seed !== false) await seedDemoData(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
