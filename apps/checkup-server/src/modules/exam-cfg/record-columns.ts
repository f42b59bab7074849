import { AppError } from '@checkup/api-contract';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../lib/resource/serve-resource.js';

/** A configuration table with the record columns (schema/catalogue.ts recordColumns). */
type RecordTable = PgTable & {
  id: PgColumn;
  isActive: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
  updatedBy: PgColumn;
};

/** The record part of a binding, the same on every configuration table. */
export const recordColumnsOf = <T extends RecordTable>(table: T) => ({
  table,
  id: table.id,
  enabled: table.isActive,
  version: table.version,
  updatedAt: table.updatedAt,
  updatedBy: table.updatedBy,
});

/** A record chosen in a form must still exist: refused in Chinese rather than by the foreign key. */
export async function assertChosen(tx: Tx, column: PgColumn, id: number | null, label: string) {
  if (id === null) return;
  const [found] = await tx.select({ id: column }).from(column.table).where(eq(column, id)).limit(1);
  if (!found) throw new AppError('VALIDATION', `所选${label}不存在或已被删除，请刷新后重选`);
}
