import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The exam catalogue: departments and their work groups, basic items (what is measured), combination
 * items (union: what is ordered and priced), packages, and the diagnosis dictionary. Shaped after the
 * open PEIS systems (openhis-peis, healthyCheck): an order holds unions, a union holds items.
 */

/**
 * What every record a configuration screen keeps carries (issue 18): the version a save must name
 * (optimistic lock), and who changed it last, and when.
 */
export const recordColumns = () => ({
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  updatedBy: integer('updated_by'),
});

/**
 * A lower-case copy of a searched column, kept by the database (issue 18 bench:catalogue): a search
 * matches it with a plain LIKE, because ILIKE on UTF-8 folds every row's text again on each query
 * (4–5× the time of LIKE over 10,000 conclusion words, on PGlite and PostgreSQL alike).
 */
const folded = (name: string, column: string, length: number) =>
  varchar(name, { length }).generatedAlwaysAs(sql.raw(`lower(${column})`));

/** '0' either sex, '1' male only, '2' female only (sex codes of spec §3). */
export type GenderLimit = '0' | '1' | '2';

/** A department (科室) doing exams: exam_dept_id in the spec is its id. */
export const departments = pgTable('departments', {
  id: serial('id').primaryKey(),
  deptCode: varchar('dept_code', { length: 32 }).notNull().unique(),
  deptName: varchar('dept_name', { length: 64 }).notNull(),
  /** check 检查 (physical), lab 检验, imaging 影像, function 功能 (ECG …) */
  deptType: varchar('dept_type', { length: 16 }).notNull(),
  sort: integer('sort').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  ...recordColumns(),
});

/** A work group inside a department (spec §3 work_group_id); imaging groups sign separately (spec §7). */
export const workGroups = pgTable('work_groups', {
  id: serial('id').primaryKey(),
  deptId: integer('dept_id')
    .notNull()
    .references(() => departments.id),
  groupName: varchar('group_name', { length: 64 }).notNull(),
  isImaging: boolean('is_imaging').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  ...recordColumns(),
});

/** A basic item: one measured value or finding, with its unit, reference range by sex and critical limits. */
export const examItems = pgTable(
  'exam_items',
  {
    id: serial('id').primaryKey(),
    itemCode: varchar('item_code', { length: 32 }).notNull().unique(),
    itemName: varchar('item_name', { length: 64 }).notNull(),
    deptId: integer('dept_id')
      .notNull()
      .references(() => departments.id),
    /** number: compared with the ranges; text: a finding, normal when it equals normal_text */
    resultType: varchar('result_type', { length: 8 }).notNull(),
    unit: varchar('unit', { length: 32 }),
    refLowMale: numeric('ref_low_male', { precision: 12, scale: 4 }),
    refHighMale: numeric('ref_high_male', { precision: 12, scale: 4 }),
    refLowFemale: numeric('ref_low_female', { precision: 12, scale: 4 }),
    refHighFemale: numeric('ref_high_female', { precision: 12, scale: 4 }),
    criticalLow: numeric('critical_low', { precision: 12, scale: 4 }),
    criticalHigh: numeric('critical_high', { precision: 12, scale: 4 }),
    /** 危急程度 a result beyond the critical limits raises (issue 20): '1' 低, '2' 中, '3' 高 */
    criticalLevel: varchar('critical_level', { length: 1 }).notNull().default('3'),
    /** The usual finding of a text item (未见异常); anything else is abnormal. */
    normalText: varchar('normal_text', { length: 128 }),
    /** Conclusion words used when a summary line is generated (偏高 / 偏低 / the finding itself). */
    highWords: varchar('high_words', { length: 64 }),
    lowWords: varchar('low_words', { length: 64 }),
    /** The code the lab (LIS) or imaging (PACS) system knows the item by. */
    externalCode: varchar('external_code', { length: 32 }),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...recordColumns(),
    itemCodeFolded: folded('item_code_folded', 'item_code', 32),
    itemNameFolded: folded('item_name_folded', 'item_name', 64),
  },
  (t) => [index('exam_items_dept_idx').on(t.deptId)],
);

/** A combination item (组合项目, union): ordered, priced and done by one department. */
export const unions = pgTable(
  'unions',
  {
    id: serial('id').primaryKey(),
    unionCode: varchar('union_code', { length: 32 }).notNull().unique(),
    unionName: varchar('union_name', { length: 64 }).notNull(),
    deptId: integer('dept_id')
      .notNull()
      .references(() => departments.id),
    workGroupId: integer('work_group_id').references(() => workGroups.id),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    genderLimit: varchar('gender_limit', { length: 1 }).$type<GenderLimit>().notNull().default('0'),
    /** The specimen a barcode is printed for (blood, urine …); null when none is taken. */
    specimen: varchar('specimen', { length: 16 }),
    /** Letters for search by initials (血常规 → xcg). */
    pinyin: varchar('pinyin', { length: 32 }),
    /** 禁止打折 (issue 19): the desk may never discount it. */
    noDiscount: boolean('no_discount').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...recordColumns(),
    unionCodeFolded: folded('union_code_folded', 'union_code', 32),
    unionNameFolded: folded('union_name_folded', 'union_name', 64),
    pinyinFolded: folded('pinyin_folded', 'pinyin', 32),
  },
  (t) => [index('unions_dept_idx').on(t.deptId)],
);

export const unionItems = pgTable(
  'union_items',
  {
    unionId: integer('union_id')
      .notNull()
      .references(() => unions.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => examItems.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.unionId, t.itemId] })],
);

/** Unions that may not be ordered together (spec §5 exclusion list); stored once per pair, lower id first. */
export const unionMutex = pgTable(
  'union_mutex',
  {
    unionId: integer('union_id')
      .notNull()
      .references(() => unions.id),
    mutexUnionId: integer('mutex_union_id')
      .notNull()
      .references(() => unions.id),
  },
  (t) => [primaryKey({ columns: [t.unionId, t.mutexUnionId] })],
);

export const packages = pgTable('packages', {
  id: serial('id').primaryKey(),
  packageCode: varchar('package_code', { length: 32 }).notNull().unique(),
  packageName: varchar('package_name', { length: 64 }).notNull(),
  genderLimit: varchar('gender_limit', { length: 1 }).$type<GenderLimit>().notNull().default('0'),
  /** The package price; may be below the sum of its unions (a discount). */
  price: numeric('price', { precision: 10, scale: 2 }).notNull(),
  description: text('description'),
  /** The ages the package is for (需要体检者的年龄在a岁-b岁之间); null is no limit. */
  ageMin: integer('age_min'),
  ageMax: integer('age_max'),
  sort: integer('sort').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  ...recordColumns(),
});

export const packageUnions = pgTable(
  'package_unions',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    unionId: integer('union_id')
      .notNull()
      .references(() => unions.id),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.unionId] })],
);

/**
 * 可选组 (可选组数, issue 19): alternative unions of a package of which the examinee takes exactly one
 * (胃镜 or C13呼气试验 …). The chosen one is ordered as a package line and shares the package price.
 */
export const packageOptionGroups = pgTable(
  'package_option_groups',
  {
    id: serial('id').primaryKey(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    groupName: varchar('group_name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('package_option_groups_package_idx').on(t.packageId)],
);

export const packageOptionUnions = pgTable(
  'package_option_unions',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => packageOptionGroups.id),
    unionId: integer('union_id')
      .notNull()
      .references(() => unions.id),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.unionId] })],
);

/** The diagnosis dictionary: a conclusion with its advice and life guidance (spec §5 life guidance). */
export const diagnoses = pgTable(
  'diagnoses',
  {
    id: serial('id').primaryKey(),
    diagCode: varchar('diag_code', { length: 32 }).notNull().unique(),
    diagName: varchar('diag_name', { length: 128 }).notNull(),
    deptId: integer('dept_id').references(() => departments.id),
    advice: text('advice').notNull().default(''),
    lifeGuidance: text('life_guidance').notNull().default(''),
    /** Reportable infectious disease (spec contagion_report, parameter 0030 show_contagion). */
    isContagion: boolean('is_contagion').notNull().default(false),
    /** '0' ordinary, '1' significant positive (重大阳性), '2' critical (危急) */
    seriousType: varchar('serious_type', { length: 1 }).notNull().default('0'),
    keywords: jsonb('keywords')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Initials of the name's pinyin (血压偏高 → xygg), for search as doctors type. */
    pinyin: varchar('pinyin', { length: 32 }),
    isActive: boolean('is_active').notNull().default(true),
    ...recordColumns(),
    diagCodeFolded: folded('diag_code_folded', 'diag_code', 32),
    diagNameFolded: folded('diag_name_folded', 'diag_name', 128),
    pinyinFolded: folded('pinyin_folded', 'pinyin', 32),
  },
  (t) => [uniqueIndex('diagnoses_name_idx').on(t.diagName)],
);

/**
 * Which diagnosis an abnormal item result suggests (match_diag_by_union): high or low for numbers,
 * abnormal for a text finding other than the normal one.
 */
export const itemDiagRules = pgTable(
  'item_diag_rules',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => examItems.id),
    /** H above the range, L below it, A an abnormal finding */
    direction: varchar('direction', { length: 1 }).notNull(),
    diagId: integer('diag_id')
      .notNull()
      .references(() => diagnoses.id),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.direction] })],
);
