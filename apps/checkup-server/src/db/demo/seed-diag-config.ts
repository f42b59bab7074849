import { count, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  diagnoses,
  diagnosisItemLinks,
  diagnosisMergeMembers,
  diagnosisMerges,
  diagnosisProfiles,
  examItems,
  healthGuidances,
} from '../schema.js';
import { DEMO_GUIDANCES, DEMO_ITEM_LINKS, DEMO_MERGES, DEMO_PROFILES } from './catalogue/diag-config.js';

async function idsByCode(db: Db) {
  const diags = await db.select({ id: diagnoses.id, code: diagnoses.diagCode }).from(diagnoses);
  const items = await db.select({ id: examItems.id, code: examItems.itemCode }).from(examItems);
  const of = (rows: { id: number; code: string }[], what: string) => {
    const map = new Map(rows.map((r) => [r.code, r.id]));
    return (code: string) => {
      const id = map.get(code);
      if (id === undefined) throw new Error(`demo diag config: unknown ${what} ${code}`);
      return id;
    };
  };
  return { diag: of(diags, 'diagnosis'), item: of(items, 'item') };
}

const isEmpty = async (db: Db, table: typeof diagnosisItemLinks | typeof healthGuidances) =>
  Number((await db.select({ n: count() }).from(table))[0]?.n ?? 0) === 0;

/**
 * The demo rows of the clinical 体检配置 screens: a few conclusion words in full with their rules,
 * two merged words, the items some words come from, and a small guidance library. What a centre has
 * changed is left alone (profiles and merges by key; links and guidances only into empty tables).
 */
export async function seedDiagConfig(db: Db): Promise<void> {
  const id = await idsByCode(db);
  await db
    .insert(diagnosisProfiles)
    .values(
      DEMO_PROFILES.map(({ diag, conditions, ...p }) => ({
        ...p,
        diagId: id.diag(diag),
        ruleConditions: conditions.map(([item, op, value]) => ({ item_id: id.item(item), op, value })),
      })),
    )
    .onConflictDoNothing();

  await db
    .insert(diagnosisMerges)
    .values(DEMO_MERGES.map(({ members: _members, ...m }) => m))
    .onConflictDoNothing();
  const merges = await db
    .select({ id: diagnosisMerges.id, name: diagnosisMerges.mergeName })
    .from(diagnosisMerges)
    .where(
      inArray(
        diagnosisMerges.mergeName,
        DEMO_MERGES.map((m) => m.mergeName),
      ),
    );
  const mergeId = new Map(merges.map((m) => [m.name, m.id]));
  await db
    .insert(diagnosisMergeMembers)
    .values(
      DEMO_MERGES.flatMap((m) =>
        m.members.map((code, sort) => ({ mergeId: mergeId.get(m.mergeName)!, diagId: id.diag(code), sort })),
      ),
    )
    .onConflictDoNothing();

  if (await isEmpty(db, diagnosisItemLinks)) {
    await db
      .insert(diagnosisItemLinks)
      .values(
        DEMO_ITEM_LINKS.map(([diag, item, signWord]) => ({ diagId: id.diag(diag), itemId: id.item(item), signWord })),
      );
  }
  if (await isEmpty(db, healthGuidances)) {
    await db.insert(healthGuidances).values(DEMO_GUIDANCES.map((g, sort) => ({ ...g, sort: sort + 1 })));
  }
}
