import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  applicationTypes,
  codeTables,
  consumables,
  dictData,
  dictRefs,
  dictTypes,
  harmFactors,
  msgTemplates,
  tableSettings,
  unions,
  users,
} from '../schema.js';
import { DEMO_DICT_REFS, DEMO_DICT_TYPES } from './config-dicts/dictionaries.js';
import {
  DEMO_APPLICATION_TYPES,
  DEMO_CODE_TABLES,
  DEMO_CONSUMABLES,
  DEMO_HARM_FACTORS,
  DEMO_MSG_TEMPLATES,
} from './config-dicts/tables.js';

/**
 * The dictionary-like 体检配置 tables (issue 18 §2): a handful of rows each, so every screen has
 * something to show. What is there already (by its unique key) is left as it is. One insert per table.
 */
export async function seedConfigDicts(db: Db): Promise<void> {
  await db
    .insert(dictTypes)
    .values(DEMO_DICT_TYPES.map((t) => ({ typeCode: t.code, typeName: t.name, remark: t.remark ?? null })))
    .onConflictDoNothing();
  const types = await db.select({ id: dictTypes.id, code: dictTypes.typeCode }).from(dictTypes);
  const typeId = new Map(types.map((t) => [t.code, t.id]));
  await db
    .insert(dictData)
    .values(
      DEMO_DICT_TYPES.flatMap((t) =>
        t.entries.map((e, i) => ({
          typeId: typeId.get(t.code)!,
          value: e.value,
          label: e.label,
          sort: i + 1,
          style: e.style ?? null,
          flags: e.flags ?? [],
        })),
      ),
    )
    .onConflictDoNothing();
  await seedDictRefs(db, typeId);
  await db
    .insert(harmFactors)
    .values(
      DEMO_HARM_FACTORS.map(([factorCode, factorName, category, healthEffect, casNo]) => ({
        factorCode,
        factorName,
        category,
        healthEffect,
        casNo,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(applicationTypes)
    .values(
      DEMO_APPLICATION_TYPES.map(([typeCode, typeName, sendTarget, barcodeClass], i) => ({
        typeCode,
        typeName,
        sendTarget,
        barcodeClass,
        sort: i + 1,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(codeTables)
    .values(DEMO_CODE_TABLES.map(([category, code, name], i) => ({ category, code, name, sort: i + 1 })))
    .onConflictDoNothing();
  await seedConsumables(db);
  await db
    .insert(msgTemplates)
    .values(
      DEMO_MSG_TEMPLATES.map(([templateCode, templateName, scene, content, channels]) => ({
        templateCode,
        templateName,
        scene,
        content,
        channels,
      })),
    )
    .onConflictDoNothing();
  await seedAdminTableSettings(db);
}

async function seedDictRefs(db: Db, typeId: Map<string, number>) {
  const wanted = DEMO_DICT_REFS.map(([, type]) => typeId.get(type)!);
  const entries = await db
    .select({ id: dictData.id, typeId: dictData.typeId, value: dictData.value })
    .from(dictData)
    .where(inArray(dictData.typeId, wanted));
  const entryId = (type: string, value: string) =>
    entries.find((e) => e.typeId === typeId.get(type) && e.value === value)?.id;
  const rows = DEMO_DICT_REFS.flatMap(([platform, type, value, externalCode, externalName]) => {
    const dataId = entryId(type, value);
    return dataId === undefined ? [] : [{ platform, dataId, externalCode, externalName }];
  });
  if (rows.length) await db.insert(dictRefs).values(rows).onConflictDoNothing();
}

async function seedConsumables(db: Db) {
  const unionRows = await db.select({ id: unions.id, code: unions.unionCode }).from(unions);
  const unionId = new Map(unionRows.map((u) => [u.code, u.id]));
  await db
    .insert(consumables)
    .values(
      DEMO_CONSUMABLES.map(([consumableCode, consumableName, spec, unit, costPrice, union, quantity]) => ({
        consumableCode,
        consumableName,
        spec,
        unit,
        costPrice,
        unionId: union === null ? null : (unionId.get(union) ?? null),
        quantity,
      })),
    )
    .onConflictDoNothing();
}

/** The demo administrator's own column settings of two lists, so 表格配置 shows what it keeps. */
async function seedAdminTableSettings(db: Db) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.userAccount, 'admin'));
  if (!admin) return;
  await db
    .insert(tableSettings)
    .values([
      {
        userId: admin.id,
        updatedAt: new Date(),
        updatedBy: admin.id,
        tableKey: 'resource-department',
        columns: [
          { key: 'dept_code', width: 120 },
          { key: 'dept_name', width: 200 },
          { key: 'dept_type', width: null },
        ],
      },
      {
        userId: admin.id,
        updatedAt: new Date(),
        updatedBy: admin.id,
        tableKey: 'resource-union',
        columns: [
          { key: 'union_name', width: 180 },
          { key: 'price', width: 90 },
          { key: 'dept_name', width: null },
        ],
      },
    ])
    .onConflictDoNothing();
}
