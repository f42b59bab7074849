import { bigserial, date, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { departments } from './catalogue.js';
import { criticalValues } from './clinical.js';
import { orders } from './orders.js';

/**
 * One examinee waiting in one department's queue of one day (issue 7 queue_mg). Checked-in orders
 * join the queues of their departments still to do; a removed entry stays (status 'removed') so it
 * is not queued again by that sync.
 */
export const queueEntries = pgTable(
  'queue_entries',
  {
    id: serial('id').primaryKey(),
    queueDate: date('queue_date', { mode: 'string' }).notNull(),
    deptId: integer('dept_id')
      .notNull()
      .references(() => departments.id),
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    /** The number called out, 1… per department and day. */
    queueNo: integer('queue_no').notNull(),
    /** waiting, called, done, passed, removed (libs/api-contract queue.ts) */
    status: varchar('status', { length: 8 }).notNull().default('waiting'),
    /** Set by 优先: served before the others, in the order they were moved up. */
    priorityAt: timestamp('priority_at', { withTimezone: true }),
    enqueuedAt: timestamp('enqueued_at', { withTimezone: true }).notNull().defaultNow(),
    calledAt: timestamp('called_at', { withTimezone: true }),
    calledBy: integer('called_by'),
    callCount: integer('call_count').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('queue_entries_order_idx').on(t.queueDate, t.deptId, t.orderId),
    uniqueIndex('queue_entries_no_idx').on(t.queueDate, t.deptId, t.queueNo),
    index('queue_entries_status_idx').on(t.queueDate, t.deptId, t.status),
  ],
);

/**
 * Every queue change in one sequence (seq), so a display can follow the queues by asking for what
 * came after the last seq it saw (issue 8 queue_page).
 */
export const queueEvents = pgTable(
  'queue_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    queueDate: date('queue_date', { mode: 'string' }).notNull(),
    deptId: integer('dept_id').notNull(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => queueEntries.id),
    queueNo: integer('queue_no').notNull(),
    /** add, call, recall, pass, finish, remove, priority */
    eventType: varchar('event_type', { length: 16 }).notNull(),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('queue_events_date_idx').on(t.queueDate, t.seq)],
);

/**
 * Each time the centre told someone of a critical value (ser_dis_mg 登记通知): the examinee or a
 * relative, how, and by whom. critical_values keeps the latest person and time for the list.
 */
export const criticalValueNotices = pgTable(
  'critical_value_notices',
  {
    id: serial('id').primaryKey(),
    criticalValueId: integer('critical_value_id')
      .notNull()
      .references(() => criticalValues.id),
    notifiedPerson: varchar('notified_person', { length: 64 }).notNull(),
    /** self, relative, other */
    relation: varchar('relation', { length: 8 }).notNull(),
    /** phone, sms, face */
    method: varchar('method', { length: 8 }).notNull(),
    notifiedBy: integer('notified_by').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('critical_value_notices_cv_idx').on(t.criticalValueId, t.id)],
);
