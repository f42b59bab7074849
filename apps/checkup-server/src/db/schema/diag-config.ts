import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { diagnoses, examItems, recordColumns, type GenderLimit } from './catalogue.js';

/**
 * The clinical side of 体检配置 around the diagnosis dictionary (issue 18 §2, breadth §6.5/§6.16):
 * a conclusion word's full profile and the rule that suggests it, merged conclusion words, the items a
 * word comes from, and the guidance library of 总检.
 */

/** One condition of a suggestion rule: an item against a value (the contract's RuleCondition). */
export interface StoredRuleCondition {
  item_id: number;
  op: 'gt' | 'ge' | 'lt' | 'le' | 'eq' | 'contains' | 'not_contains';
  value: string;
}

/**
 * What a conclusion word has beyond the diagnoses row (which department entry and 总检 read): its
 * flags, its texts, and its suggestion rule. One row per diagnosis, written by 诊断字典详情; a word
 * without one has the defaults.
 */
export const diagnosisProfiles = pgTable('diagnosis_profiles', {
  diagId: integer('diag_id')
    .primaryKey()
    .references(() => diagnoses.id),
  /** 进总检: the word is carried into the chief examiner's summary. */
  toSummary: boolean('to_summary').notNull().default(true),
  /** 常用: offered first when a doctor picks. */
  isCommon: boolean('is_common').notNull().default(false),
  genderLimit: varchar('gender_limit', { length: 1 }).$type<GenderLimit>().notNull().default('0'),
  explanation: text('explanation'),
  dietGuidance: text('diet_guidance'),
  exerciseGuidance: text('exercise_guidance'),
  healthKnowledge: text('health_knowledge'),
  /** 'and' 并且, 'or' 或者 */
  ruleJoin: varchar('rule_join', { length: 3 }).notNull().default('and'),
  /** Up to 15 conditions; the items they name are checked on save (no FK inside JSON). */
  ruleConditions: jsonb('rule_conditions')
    .$type<StoredRuleCondition[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  ruleGender: varchar('rule_gender', { length: 1 }).$type<GenderLimit>().notNull().default('0'),
  ruleAgeMin: integer('rule_age_min'),
  ruleAgeMax: integer('rule_age_max'),
});

/** 合并结论词: a word standing for several when all are present (血脂增高 + 脂肪肝 → 代谢异常). */
export const diagnosisMerges = pgTable(
  'diagnosis_merges',
  {
    id: serial('id').primaryKey(),
    mergeName: varchar('merge_name', { length: 128 }).notNull(),
    /** 输入码: letters a doctor types to find it. */
    inputCode: varchar('input_code', { length: 32 }).notNull(),
    advice: text('advice').notNull(),
    groupAdvice: text('group_advice').notNull(),
    remark: varchar('remark', { length: 200 }),
    isActive: boolean('is_active').notNull().default(true),
    ...recordColumns(),
  },
  (t) => [uniqueIndex('diagnosis_merges_name_idx').on(t.mergeName)],
);

export const diagnosisMergeMembers = pgTable(
  'diagnosis_merge_members',
  {
    mergeId: integer('merge_id')
      .notNull()
      .references(() => diagnosisMerges.id),
    diagId: integer('diag_id')
      .notNull()
      .references(() => diagnoses.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.mergeId, t.diagId] }), index('diagnosis_merge_members_diag_idx').on(t.diagId)],
);

/** 功能字典关联: a conclusion word and an item (and one of its sign words) it comes from. */
export const diagnosisItemLinks = pgTable(
  'diagnosis_item_links',
  {
    id: serial('id').primaryKey(),
    diagId: integer('diag_id')
      .notNull()
      .references(() => diagnoses.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => examItems.id),
    signWord: varchar('sign_word', { length: 64 }),
    isActive: boolean('is_active').notNull().default(true),
    ...recordColumns(),
  },
  (t) => [index('diagnosis_item_links_diag_idx').on(t.diagId), index('diagnosis_item_links_item_idx').on(t.itemId)],
);

/** 健康指导库: texts by category the chief examiner inserts into 总检建议. */
export const healthGuidances = pgTable(
  'health_guidances',
  {
    id: serial('id').primaryKey(),
    /** diet 饮食, exercise 运动, knowledge 健康知识, summary 总检指导 */
    category: varchar('category', { length: 16 }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    content: text('content').notNull(),
    keywords: varchar('keywords', { length: 128 }),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...recordColumns(),
  },
  (t) => [index('health_guidances_category_idx').on(t.category, t.sort)],
);
