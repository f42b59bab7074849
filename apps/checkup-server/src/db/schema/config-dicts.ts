import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { recordColumns, unions } from './catalogue.js';

/**
 * The dictionary-like tables of 体检配置 (issue 18 §2, breadth §6.7, 6.8, 6.12–6.15): dictionary types
 * and their entries, their mapping to external platform codes, harm factors, request types, the small
 * code tables of 系统维护, consumables, message templates and each user's list column settings.
 * Each carries the record columns of a configuration resource (catalogue.ts recordColumns).
 */
const active = () => boolean('is_active').notNull().default(true);

/** 字典类型: 民族, 婚姻, 付款方式 … (dict_cfg). */
export const dictTypes = pgTable('dict_types', {
  id: serial('id').primaryKey(),
  typeCode: varchar('type_code', { length: 32 }).notNull().unique(),
  typeName: varchar('type_name', { length: 32 }).notNull(),
  remark: varchar('remark', { length: 200 }),
  isActive: active(),
  ...recordColumns(),
});

/** One entry of a type (dictionary_cfg): its label and its stored value, unique within the type. */
export const dictData = pgTable(
  'dict_data',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => dictTypes.id),
    label: varchar('label', { length: 64 }).notNull(),
    value: varchar('value', { length: 32 }).notNull(),
    sort: integer('sort').notNull().default(0),
    style: varchar('style', { length: 16 }),
    /** 付款方式 flags (PAY_FLAGS): cash, group, personal, refund_cash. */
    flags: jsonb('flags')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** 付款方式: the most one refund line of this method may give back (issue 23); null, no limit. */
    refundLimit: numeric('refund_limit', { precision: 10, scale: 2 }),
    remark: varchar('remark', { length: 200 }),
    isActive: active(),
    ...recordColumns(),
  },
  (t) => [uniqueIndex('dict_data_type_value_idx').on(t.typeId, t.value)],
);

/** An entry's code on an external platform (dict_ref_cfg): one per platform and entry. */
export const dictRefs = pgTable(
  'dict_refs',
  {
    id: serial('id').primaryKey(),
    platform: varchar('platform', { length: 16 }).notNull(),
    dataId: integer('data_id')
      .notNull()
      .references(() => dictData.id),
    externalCode: varchar('external_code', { length: 64 }).notNull(),
    externalName: varchar('external_name', { length: 64 }),
    remark: varchar('remark', { length: 200 }),
    isActive: active(),
    ...recordColumns(),
  },
  (t) => [uniqueIndex('dict_refs_platform_data_idx').on(t.platform, t.dataId)],
);

/** 危害因素 (harm_factors), GBZ 188. */
export const harmFactors = pgTable('harm_factors', {
  id: serial('id').primaryKey(),
  factorCode: varchar('factor_code', { length: 32 }).notNull().unique(),
  factorName: varchar('factor_name', { length: 64 }).notNull(),
  category: varchar('category', { length: 16 }).notNull(),
  healthEffect: text('health_effect').notNull(),
  casNo: varchar('cas_no', { length: 16 }),
  remark: varchar('remark', { length: 200 }),
  isActive: active(),
  ...recordColumns(),
});

/** 申请单类型 (application_type): sent to LIS, PACS or nowhere. */
export const applicationTypes = pgTable('application_types', {
  id: serial('id').primaryKey(),
  typeCode: varchar('type_code', { length: 32 }).notNull().unique(),
  typeName: varchar('type_name', { length: 32 }).notNull(),
  sendTarget: varchar('send_target', { length: 8 }).notNull(),
  barcodeClass: varchar('barcode_class', { length: 32 }),
  sort: integer('sort').notNull().default(0),
  remark: varchar('remark', { length: 200 }),
  isActive: active(),
  ...recordColumns(),
});

/** 系统维护's small code tables (maintain): a code unique within its category. */
export const codeTables = pgTable(
  'code_tables',
  {
    id: serial('id').primaryKey(),
    category: varchar('category', { length: 32 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 200 }),
    isActive: active(),
    ...recordColumns(),
  },
  (t) => [uniqueIndex('code_tables_category_code_idx').on(t.category, t.code)],
);

/** 耗材 (consume_cfg): cost in numeric yuan, the union that uses it and how many per exam. */
export const consumables = pgTable('consumables', {
  id: serial('id').primaryKey(),
  consumableCode: varchar('consumable_code', { length: 32 }).notNull().unique(),
  consumableName: varchar('consumable_name', { length: 64 }).notNull(),
  spec: varchar('spec', { length: 64 }),
  unit: varchar('unit', { length: 8 }).notNull(),
  costPrice: numeric('cost_price', { precision: 10, scale: 2 }).notNull(),
  unionId: integer('union_id').references(() => unions.id),
  quantity: integer('quantity').notNull().default(1),
  remark: varchar('remark', { length: 200 }),
  isActive: active(),
  ...recordColumns(),
});

/** 消息模板 (msg_notification): content with {变量}, its scene and channels. */
export const msgTemplates = pgTable('msg_templates', {
  id: serial('id').primaryKey(),
  templateCode: varchar('template_code', { length: 32 }).notNull().unique(),
  templateName: varchar('template_name', { length: 64 }).notNull(),
  scene: varchar('scene', { length: 16 }).notNull(),
  content: varchar('content', { length: 500 }).notNull(),
  channels: jsonb('channels')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  remark: varchar('remark', { length: 200 }),
  isActive: active(),
  ...recordColumns(),
});

/** A user's column settings of one list (table_cfg): the shown columns in order, with widths. */
export const tableSettings = pgTable(
  'table_settings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    tableKey: varchar('table_key', { length: 64 }).notNull(),
    columns: jsonb('columns').$type<{ key: string; width: number | null }[]>().notNull(),
    isActive: active(),
    ...recordColumns(),
  },
  (t) => [uniqueIndex('table_settings_user_table_idx').on(t.userId, t.tableKey)],
);
