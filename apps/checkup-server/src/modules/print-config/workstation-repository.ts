import { asc, eq, sql } from 'drizzle-orm';
import type { WorkstationOverrides } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { workstations } from '../../db/schema.js';

export type WorkstationRow = typeof workstations.$inferSelect;

/** PostgreSQL's unique_violation, as node-postgres and PGlite report it (drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (e: unknown) => (typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined);
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}

export async function findWorkstation(db: Db, id: string): Promise<WorkstationRow | undefined> {
  const rows = await db.select().from(workstations).where(eq(workstations.id, id)).limit(1);
  return rows[0];
}

export function listWorkstations(db: Db): Promise<WorkstationRow[]> {
  return db.select().from(workstations).orderBy(asc(workstations.name));
}

/** A new workstation with nothing of its own yet; undefined when its id or its name is taken. */
export async function insertWorkstation(db: Db, id: string, name: string): Promise<WorkstationRow | undefined> {
  const [row] = await db.insert(workstations).values({ id, name }).onConflictDoNothing().returning();
  return row;
}

export async function updateWorkstation(
  db: Db,
  id: string,
  fields: { name: string; overrides: WorkstationOverrides },
): Promise<WorkstationRow | undefined> {
  const [row] = await db
    .update(workstations)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(workstations.id, id))
    .returning();
  return row;
}

/** The removed workstation, or undefined when there was none. */
export async function deleteWorkstation(db: Db, id: string): Promise<WorkstationRow | undefined> {
  const [row] = await db.delete(workstations).where(eq(workstations.id, id)).returning();
  return row;
}
