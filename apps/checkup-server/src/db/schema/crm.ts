import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { recordColumns } from './catalogue.js';
import { orders } from './orders.js';

/**
 * 意见反馈 (crm/advise_feedback, breadth §1.5): an examinee's feedback and how it was handled
 * (待处理 → 处理中 → 已处理, or 不予处理 with the reason in handle_note).
 */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: serial('id').primaryKey(),
    orderId: varchar('order_id', { length: 20 }).references(() => orders.orderId),
    channel: varchar('channel', { length: 8 }).notNull(),
    category: varchar('category', { length: 8 }).notNull(),
    content: text('content').notNull(),
    contactPhone: varchar('contact_phone', { length: 32 }),
    state: varchar('state', { length: 8 }).notNull().default('待处理'),
    handleNote: text('handle_note'),
    handledBy: integer('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...recordColumns(),
  },
  (t) => [index('feedbacks_created_idx').on(t.createdAt), index('feedbacks_state_idx').on(t.state, t.createdAt)],
);

/**
 * 早餐管理 (crm/breakfast_mg): a visit's breakfast taken at the desk, by whom and when; an undone one
 * keeps its row with the reason, and at most one row per visit is not undone.
 */
export const breakfasts = pgTable(
  'breakfasts',
  {
    id: serial('id').primaryKey(),
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
    takenBy: integer('taken_by'),
    undone: boolean('undone').notNull().default(false),
    undoReason: text('undo_reason'),
    undoneBy: integer('undone_by'),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('breakfasts_order_taken_uq')
      .on(t.orderId)
      .where(sql`${t.undone} = false`),
    index('breakfasts_taken_idx').on(t.takenAt),
  ],
);
