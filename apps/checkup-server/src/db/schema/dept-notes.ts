import { bigserial, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { departments, unions } from './catalogue.js';
import { orders } from './orders.js';

/**
 * 科室加项 (issue 19): who added a union from a department's entry screen, and when. The line itself
 * is an order_unions row with origin 'dept'; this row says whose it is.
 */
export const orderUnionAdditions = pgTable(
  'order_union_additions',
  {
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    unionId: integer('union_id')
      .notNull()
      .references(() => unions.id),
    deptId: integer('dept_id')
      .notNull()
      .references(() => departments.id),
    addedBy: integer('added_by').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.unionId] })],
);

/**
 * 我要提醒 (issue 19): a note from one department's doctor about a visit, to another department of
 * the visit (to_dept_id) or to 总检 (to_review), shown there until someone marks it 已处理.
 */
export const orderReminders = pgTable(
  'order_reminders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    fromDeptId: integer('from_dept_id')
      .notNull()
      .references(() => departments.id),
    fromUserId: integer('from_user_id').notNull(),
    fromUserName: varchar('from_user_name', { length: 64 }).notNull(),
    /** The department told; null when the note is for 总检 (to_review '1'). */
    toDeptId: integer('to_dept_id').references(() => departments.id),
    /** '1' the note is for 总检 */
    toReview: varchar('to_review', { length: 1 }).notNull().default('0'),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneBy: integer('done_by'),
    doneByName: varchar('done_by_name', { length: 64 }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('order_reminders_order_idx').on(t.orderId, t.createdAt)],
);
