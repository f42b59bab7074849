import { asc, eq, sql } from 'drizzle-orm';
import type { TemplateType } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { selfTemplates } from '../../db/schema.js';

export type SelfTemplateRow = typeof selfTemplates.$inferSelect;

export async function listTemplates(db: Db, tempType: TemplateType | undefined) {
  return db
    .select({
      id: selfTemplates.id,
      tempType: selfTemplates.tempType,
      tempName: selfTemplates.tempName,
      enableTemp: selfTemplates.enableTemp,
      updatedAt: selfTemplates.updatedAt,
    })
    .from(selfTemplates)
    .where(tempType ? eq(selfTemplates.tempType, tempType) : undefined)
    .orderBy(asc(selfTemplates.tempType), asc(selfTemplates.id));
}

export async function findTemplate(db: Db, id: number): Promise<SelfTemplateRow | undefined> {
  const rows = await db.select().from(selfTemplates).where(eq(selfTemplates.id, id)).limit(1);
  return rows[0];
}

export type TemplateFields = Pick<typeof selfTemplates.$inferInsert, 'tempType' | 'tempName' | 'tempConfig'>;

/** A new template is not in use until it is enabled. */
export async function insertTemplate(db: Db, fields: TemplateFields): Promise<number> {
  const [row] = await db.insert(selfTemplates).values(fields).returning({ id: selfTemplates.id });
  return row!.id;
}

/** Name and layout only: the type stays, so an enabled template never lands in another type. */
export async function updateTemplate(db: Db, id: number, fields: Omit<TemplateFields, 'tempType'>) {
  await db
    .update(selfTemplates)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(selfTemplates.id, id));
}

/**
 * Puts `id` in use and every other template of its type out of use, in one statement over the whole
 * type: a concurrent enable of the same type waits on these row locks and then sees this one's result,
 * so two templates of a type never end up in use together.
 */
export async function enableTemplate(db: Db, id: number, tempType: string) {
  await db
    .update(selfTemplates)
    .set({ enableTemp: sql`case when ${selfTemplates.id} = ${id} then '1' else '0' end` })
    .where(eq(selfTemplates.tempType, tempType));
}
