import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orders } from './orders.js';

/**
 * Who reviews which visit at which step (审核分配, issue 8 review_allot): one reviewer per visit and
 * step; reassigning replaces the row.
 */
export const reviewAssignments = pgTable(
  'review_assignments',
  {
    id: serial('id').primaryKey(),
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    /** first 初审, main 主审, final 终审 (as reviews.step) */
    step: varchar('step', { length: 8 }).notNull(),
    reviewerId: integer('reviewer_id').notNull(),
    assignedBy: integer('assigned_by').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_assignments_order_step_idx').on(t.orderId, t.step),
    index('review_assignments_reviewer_idx').on(t.reviewerId, t.step),
  ],
);

/** The check of a printed report before it is handed out (报告审核, issue 8 rpt_examine). */
export const reportReviews = pgTable(
  'report_reviews',
  {
    id: serial('id').primaryKey(),
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    /** pass, reject */
    result: varchar('result', { length: 8 }).notNull(),
    reason: text('reason'),
    reviewerId: integer('reviewer_id').notNull(),
    reviewerName: varchar('reviewer_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_reviews_order_idx').on(t.orderId, t.createdAt)],
);

/** Every print of a visit's report, by staff (print_rpt) or at the self-print kiosk. */
export const reportPrints = pgTable(
  'report_prints',
  {
    id: serial('id').primaryKey(),
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    /** staff (confirmed by the print service), marked (marked printed by hand), kiosk */
    source: varchar('source', { length: 8 }).notNull(),
    /** null at the kiosk, where nobody is logged in */
    operatorId: integer('operator_id'),
    printedAt: timestamp('printed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_prints_order_idx').on(t.orderId, t.printedAt)],
);

/** A report handed over or sent (send_rpt, new_send): by pickup, mail, SMS or e-mail. */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    id: serial('id').primaryKey(),
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    /** pickup 自取, mail 邮寄, sms 短信, email 电子邮件 */
    method: varchar('method', { length: 8 }).notNull(),
    /** who collected it, or the name it went to */
    recipient: varchar('recipient', { length: 128 }).notNull(),
    /** the mobile number, postal address or e-mail it went to, sealed (personal-data.ts) */
    destinationEnc: text('destination_enc'),
    /** Plain text from before migration 0010, sealed and cleared at start, as customers.phone. */
    legacyDestination: text('destination'),
    /** sent, failed (the transport's answer) */
    status: varchar('status', { length: 8 }).notNull(),
    detail: text('detail'),
    operatorId: integer('operator_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('report_deliveries_order_idx').on(t.orderId, t.createdAt),
    check('report_deliveries_no_plain_destination', sql`${t.legacyDestination} is null`),
  ],
);
