import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  defaultLayout,
  layoutSchemaOf,
  type BarcodeLayout,
  type DocumentLayout,
  type DocumentTemplateType,
  type SuitType,
  type TemplateLayout,
  type TemplateType,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { selfTemplates } from '../../db/schema.js';

/**
 * The layout a print uses: its type's default for the visit's 适用类型, else the health one, else
 * the built-in layout. Read at each print, so a saved change prints next time without a restart; a
 * stored layout the schema no longer takes prints the built-in one rather than failing the print.
 */
export async function readDefaultLayout(db: Db, type: 'barcode', suit: SuitType): Promise<BarcodeLayout>;
export async function readDefaultLayout(db: Db, type: DocumentTemplateType, suit: SuitType): Promise<DocumentLayout>;
export async function readDefaultLayout(db: Db, type: TemplateType, suit: SuitType): Promise<TemplateLayout> {
  const [row] = await db
    .select({ config: selfTemplates.tempConfig })
    .from(selfTemplates)
    .where(
      and(
        eq(selfTemplates.tempType, type),
        eq(selfTemplates.enableTemp, '1'),
        eq(selfTemplates.isActive, true),
        inArray(selfTemplates.suitType, [suit, 'health']),
      ),
    )
    .orderBy(desc(sql`${selfTemplates.suitType} = ${suit}`))
    .limit(1);
  const parsed = row ? layoutSchemaOf(type).safeParse(row.config) : undefined;
  return parsed?.success ? parsed.data : defaultLayout(type);
}
