import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { departments, diagnoses, examItems, unions } from './catalogue.js';
import { orders } from './orders.js';

/** One item's result in a visit, with the range it was judged against at the time. */
export const itemResults = pgTable(
  'item_results',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    itemId: integer('item_id')
      .notNull()
      .references(() => examItems.id),
    unionId: integer('union_id')
      .notNull()
      .references(() => unions.id),
    deptId: integer('dept_id')
      .notNull()
      .references(() => departments.id),
    resultValue: varchar('result_value', { length: 256 }).notNull(),
    unit: varchar('unit', { length: 32 }),
    refRange: varchar('ref_range', { length: 64 }),
    /** '' normal, H above the range, L below it, A an abnormal finding */
    abnormalFlag: varchar('abnormal_flag', { length: 1 }).notNull().default(''),
    /** '1' beyond a critical limit: a critical value was raised (ser_dis_mg) */
    criticalFlag: varchar('critical_flag', { length: 1 }).notNull().default('0'),
    enteredBy: integer('entered_by'),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('item_results_order_item_idx').on(t.orderId, t.itemId),
    // 异常结果查询 reads a period's visits' abnormal results only (a tenth of them).
    index('item_results_abnormal_idx')
      .on(t.orderId)
      .where(sql`${t.abnormalFlag} <> ''`),
  ],
);

/** A department summary line (spec §3 department diagnosis summary items). */
export const deptSummaries = pgTable(
  'dept_summaries',
  {
    id: serial('id').primaryKey(),
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    deptId: integer('dept_id')
      .notNull()
      .references(() => departments.id),
    unionId: integer('union_id').references(() => unions.id),
    summaryContent: text('summary_content').notNull(),
    /** '0' generated from abnormal results, '2' picked from a diagnosis, '4' written by the doctor */
    source: varchar('source', { length: 1 }).notNull(),
    doctorEdited: varchar('doctor_edited', { length: 1 }).notNull().default('0'),
    summaryOrderBy: integer('summary_order_by').notNull().default(0),
  },
  (t) => [index('dept_summaries_order_idx').on(t.orderId, t.deptId)],
);

/**
 * A diagnosis of a visit (spec §3 diag_list): from the dictionary (diag_id), or written by the
 * doctor (doctor_created_flag '1'). dept_id null means the chief examiner's overall list.
 */
export const orderDiagnoses = pgTable(
  'order_diagnoses',
  {
    id: serial('id').primaryKey(),
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    deptId: integer('dept_id').references(() => departments.id),
    diagId: integer('diag_id').references(() => diagnoses.id),
    diagName: varchar('diag_name', { length: 128 }).notNull(),
    advice: text('advice').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    doctorCreatedFlag: varchar('doctor_created_flag', { length: 1 }).notNull().default('0'),
    /** 团体建议: the advice the group report (团体报告) prints for this conclusion (issue 20). */
    groupAdvice: text('group_advice').notNull().default(''),
    /** 报告中隐藏: kept in 总检's grid, left out of the report (issue 20). */
    hidden: boolean('hidden').notNull().default(false),
    /** The place in 总检's conclusion grid once a chief examiner ordered it; null keeps the default order. */
    reviewSort: integer('review_sort'),
    /** The merged conclusion (a row of the same visit) this one is part of until split. */
    mergedInto: integer('merged_into').references((): AnyPgColumn => orderDiagnoses.id),
    /** Who added it: the department doctor who saved it, or the chief examiner in 总检. */
    addedBy: integer('added_by'),
    addedByName: varchar('added_by_name', { length: 64 }),
  },
  (t) => [index('order_diagnoses_order_idx').on(t.orderId, t.deptId)],
);

/** One step of the chief examiners' review (初审 / 主审 / 终审), passed or returned with a reason. */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    /** first, main, final */
    step: varchar('step', { length: 8 }).notNull(),
    /** pass, return */
    result: varchar('result', { length: 8 }).notNull(),
    reason: text('reason'),
    reviewerId: integer('reviewer_id').notNull(),
    reviewerName: varchar('reviewer_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reviews_order_idx').on(t.orderId, t.createdAt),
    // 主审工作量 (统计分析) reads the reviews of a period.
    index('reviews_created_idx').on(t.createdAt),
  ],
);

/**
 * Issue 20: who started a review level of a visit and when — took its review lock, or saved a
 * conclusion at it. A 反审 of the level before is refused once someone else started this one after
 * that level's pass. One row per visit, level and person; a renewal or a later save moves its time.
 */
export const reviewLevelStarts = pgTable(
  'review_level_starts',
  {
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    /** first, main, final */
    step: varchar('step', { length: 8 }).notNull(),
    userId: integer('user_id').notNull(),
    userName: varchar('user_name', { length: 64 }).notNull(),
    /** lock or save: what it was last */
    how: varchar('how', { length: 8 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('review_level_starts_key').on(t.orderId, t.step, t.userId)],
);

/**
 * An abnormal flag raised on a visit and its handling (spec §3 exception history record): kind dept
 * (a department exception) or review (a chief-examination exception).
 */
export const orderExceptions = pgTable(
  'order_exceptions',
  {
    id: serial('id').primaryKey(),
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    exceptionType: varchar('exception_type', { length: 8 }).notNull(),
    unionId: integer('union_id').references(() => unions.id),
    unionName: varchar('union_name', { length: 64 }),
    reviewException: text('review_exception').notNull(),
    reviewAdvise: text('review_advise'),
    /** comma-separated image addresses (spec §3) */
    exceptionImages: text('exception_images'),
    exceptionDept: varchar('exception_dept', { length: 64 }),
    /** The department of a department exception; null for a chief-examination one. */
    deptId: integer('dept_id').references(() => departments.id),
    exceptionUser: varchar('exception_user', { length: 64 }).notNull(),
    /** '2' handled, otherwise unhandled (spec §3) */
    reviewExceptionFlag: varchar('review_exception_flag', { length: 1 }).notNull().default('1'),
    exceptionHandlerName: varchar('exception_handler_name', { length: 64 }),
    exceptionHandlerTime: timestamp('exception_handler_time', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_exceptions_order_idx').on(t.orderId)],
);

/** A result beyond a critical limit (危急值, ser_dis): who was told, when, and its handling. */
export const criticalValues = pgTable(
  'critical_values',
  {
    id: serial('id').primaryKey(),
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    itemId: integer('item_id')
      .notNull()
      .references(() => examItems.id),
    resultValue: varchar('result_value', { length: 256 }).notNull(),
    /** H above the critical high limit, L below the critical low one; null on a doctor's 提报 */
    direction: varchar('direction', { length: 1 }),
    /** 危急程度 (issue 20): '1' 低, '2' 中, '3' 高 — the item's configured level, or the doctor's choice */
    level: varchar('level', { length: 1 }).notNull().default('3'),
    /** auto: beyond the item's critical limits; manual: 提报 from department entry */
    source: varchar('source', { length: 8 }).notNull().default('auto'),
    /** What the doctor saw, on a manual 提报 */
    description: text('description'),
    /** '0' 已提报, '1' 已通知, '2' 已处理 by an expert (issue 20); not yet '2' is unhandled */
    status: varchar('status', { length: 1 }).notNull().default('0'),
    raisedBy: integer('raised_by'),
    notifiedPerson: varchar('notified_person', { length: 64 }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    handledBy: integer('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** The expert's handling opinion */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('critical_values_status_idx').on(t.status, t.createdAt)],
);
