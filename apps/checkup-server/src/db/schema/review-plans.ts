import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.js';

/**
 * 复查 (review_mg, breadth §9 md_review / md_review_project): the chief examiner's 需复查 on a visit —
 * the unions to do again, when (a number of months after the visit, or a day) and the notes for the
 * examinee — and the re-exam visit registered from it. 已完成 is not stored: it is the re-exam visit
 * having passed 终审.
 */
export const reviewPlans = pgTable(
  'review_plans',
  {
    id: serial('id').primaryKey(),
    /** The first visit, whose conclusion asks for the re-exam. */
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    /** The unions suggested (no duplicates; ids checked against the catalogue when written). */
    unionIds: jsonb('union_ids')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** 建议间隔: months after the first visit (3 个月后复查); null when a day was chosen instead. */
    intervalMonths: integer('interval_months'),
    /** 应复查日期 (复查开始日期) and the last day it is still useful (复查结束日期, optional). */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    dueEnd: date('due_end', { mode: 'string' }),
    /** 注意事项 for the examinee (空腹, 停药 …). */
    notes: text('notes'),
    /** pending 待复查, registered 已登记 (done is derived), cancelled 已取消 */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    createdBy: integer('created_by').notNull(),
    createdByName: varchar('created_by_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The re-exam visit (exam type 复查), once registered. */
    reviewOrderId: varchar('review_order_id', { length: 20 }).references(() => orders.orderId),
    registeredBy: integer('registered_by'),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    cancelledBy: integer('cancelled_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    // One open re-exam per first visit: a second is refused while one waits or was registered.
    uniqueIndex('review_plans_open_idx')
      .on(t.orderId)
      .where(sql`status <> 'cancelled'`),
    uniqueIndex('review_plans_review_order_idx').on(t.reviewOrderId),
    index('review_plans_due_idx').on(t.dueDate, t.status),
  ],
);
