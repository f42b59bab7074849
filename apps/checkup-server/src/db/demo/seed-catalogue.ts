import { eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  departments,
  diagnoses,
  examItems,
  itemDiagRules,
  packageOptionGroups,
  packageOptionUnions,
  packages,
  packageUnions,
  unionItems,
  unionMutex,
  unions,
  workGroups,
} from '../schema.js';
import { DEMO_DIAGNOSES, DEMO_ITEMS, demoDiagKeywords, demoDiagRules } from './catalogue/demo-catalogue.js';
import { DEMO_DEPARTMENTS } from './catalogue/departments.js';
import type { ItemDef, Range } from './catalogue/types.js';
import { DEMO_PACKAGES, DEMO_UNION_MUTEX, DEMO_UNIONS } from './catalogue/unions.js';

const num = (value: number | null | undefined) => (value === null || value === undefined ? null : String(value));

function codeMap(rows: { id: number; code: string }[]): Map<string, number> {
  return new Map(rows.map((row) => [row.code, row.id]));
}

function idOf(map: Map<string, number>, code: string, what: string): number {
  const id = map.get(code);
  if (id === undefined) throw new Error(`demo catalogue: unknown ${what} ${code}`);
  return id;
}

function itemRow(item: ItemDef, sort: number, deptIds: Map<string, number>): typeof examItems.$inferInsert {
  const base = { itemCode: item.code, itemName: item.name, deptId: idOf(deptIds, item.dept, 'department'), sort };
  if (item.kind === 'text') return { ...base, resultType: 'text', normalText: item.normal };
  const male: Range = item.male ?? [null, null];
  const female = item.female ?? male;
  return {
    ...base,
    resultType: 'number',
    unit: item.unit ?? null,
    refLowMale: num(male[0]),
    refHighMale: num(male[1]),
    refLowFemale: num(female[0]),
    refHighFemale: num(female[1]),
    criticalLow: num(item.critical?.[0]),
    criticalHigh: num(item.critical?.[1]),
    normalText: item.normal ?? null,
    highWords: item.highWords ?? null,
    lowWords: item.lowWords ?? null,
  };
}

/**
 * Inserts the demo catalogue: what is already there (by code) is left as it is, so a centre's own
 * edits survive a restart and running it twice changes nothing.
 */
export async function seedCatalogue(db: Db): Promise<void> {
  await db
    .insert(departments)
    .values(DEMO_DEPARTMENTS.map((d, i) => ({ deptCode: d.code, deptName: d.name, deptType: d.type, sort: i + 1 })))
    .onConflictDoNothing();
  const deptIds = codeMap(await db.select({ id: departments.id, code: departments.deptCode }).from(departments));

  // Work groups have no natural key: add only the (department, name) pairs missing.
  const existingGroups = await db.select().from(workGroups);
  const groupId = (deptId: number, name: string) =>
    existingGroups.find((g) => g.deptId === deptId && g.groupName === name)?.id;
  const missingGroups = DEMO_DEPARTMENTS.flatMap((d) =>
    (d.groups ?? []).map((g) => ({
      deptId: idOf(deptIds, d.code, 'department'),
      groupName: g.name,
      isImaging: g.imaging,
    })),
  ).filter((g) => groupId(g.deptId, g.groupName) === undefined);
  if (missingGroups.length > 0) existingGroups.push(...(await db.insert(workGroups).values(missingGroups).returning()));

  await db
    .insert(examItems)
    .values(DEMO_ITEMS.map((item, i) => itemRow(item, i + 1, deptIds)))
    .onConflictDoNothing();
  const itemIds = codeMap(await db.select({ id: examItems.id, code: examItems.itemCode }).from(examItems));

  await db
    .insert(unions)
    .values(
      DEMO_UNIONS.map((u, i) => {
        const deptId = idOf(deptIds, u.dept, 'department');
        return {
          unionCode: u.code,
          unionName: u.name,
          deptId,
          workGroupId: u.group ? (groupId(deptId, u.group) ?? null) : null,
          price: u.price,
          genderLimit: u.gender ?? '0',
          specimen: u.specimen ?? null,
          pinyin: u.pinyin,
          sort: i + 1,
        };
      }),
    )
    .onConflictDoNothing();
  const unionIds = codeMap(await db.select({ id: unions.id, code: unions.unionCode }).from(unions));
  await db
    .insert(unionItems)
    .values(
      DEMO_UNIONS.flatMap((u) =>
        u.items.map((item, i) => ({
          unionId: idOf(unionIds, u.code, 'union'),
          itemId: idOf(itemIds, item, 'item'),
          sort: i + 1,
        })),
      ),
    )
    .onConflictDoNothing();
  await db
    .insert(unionMutex)
    .values(
      DEMO_UNION_MUTEX.map((pair) => {
        const [a, b] = pair.map((code) => idOf(unionIds, code, 'union')).sort((x, y) => x - y);
        return { unionId: a!, mutexUnionId: b! };
      }),
    )
    .onConflictDoNothing();

  await db
    .insert(packages)
    .values(
      DEMO_PACKAGES.map((p) => ({
        packageCode: p.code,
        packageName: p.name,
        genderLimit: p.gender,
        price: p.price,
        description: p.description,
        ageMin: p.ageMin ?? null,
        ageMax: p.ageMax ?? null,
      })),
    )
    .onConflictDoNothing();
  const packageIds = codeMap(await db.select({ id: packages.id, code: packages.packageCode }).from(packages));
  await db
    .insert(packageUnions)
    .values(
      DEMO_PACKAGES.flatMap((p) =>
        p.unions.map((u) => ({ packageId: idOf(packageIds, p.code, 'package'), unionId: idOf(unionIds, u, 'union') })),
      ),
    )
    .onConflictDoNothing();
  await seedOptionGroups(db, packageIds, unionIds);

  await seedDiagnoses(db, deptIds, itemIds);
}

/** The demo packages' optional groups (可选组), once: a second seed finds them there. */
async function seedOptionGroups(db: Db, packageIds: Map<string, number>, unionIds: Map<string, number>) {
  for (const p of DEMO_PACKAGES) {
    const packageId = idOf(packageIds, p.code, 'package');
    const [existing] = await db
      .select({ id: packageOptionGroups.id })
      .from(packageOptionGroups)
      .where(eq(packageOptionGroups.packageId, packageId))
      .limit(1);
    if (existing) continue;
    for (const [sort, group] of (p.options ?? []).entries()) {
      const [created] = await db
        .insert(packageOptionGroups)
        .values({ packageId, groupName: group.name, sort })
        .returning({ id: packageOptionGroups.id });
      await db
        .insert(packageOptionUnions)
        .values(group.unions.map((u) => ({ groupId: created!.id, unionId: idOf(unionIds, u, 'union') })));
    }
  }
}

async function seedDiagnoses(db: Db, deptIds: Map<string, number>, itemIds: Map<string, number>): Promise<void> {
  const keywords = demoDiagKeywords();
  await db
    .insert(diagnoses)
    .values(
      DEMO_DIAGNOSES.map((d) => ({
        diagCode: d.code,
        diagName: d.name,
        deptId: idOf(deptIds, d.dept, 'department'),
        advice: d.advice,
        lifeGuidance: d.lifeGuidance,
        isContagion: d.contagion ?? false,
        seriousType: d.serious ?? '0',
        keywords: keywords.get(d.code) ?? [d.name],
      })),
    )
    .onConflictDoNothing();
  const diagIds = codeMap(await db.select({ id: diagnoses.id, code: diagnoses.diagCode }).from(diagnoses));
  await db
    .insert(itemDiagRules)
    .values(
      demoDiagRules().map((rule) => ({
        itemId: idOf(itemIds, rule.item, 'item'),
        direction: rule.direction,
        diagId: idOf(diagIds, rule.diag, 'diagnosis'),
      })),
    )
    .onConflictDoNothing();
}
