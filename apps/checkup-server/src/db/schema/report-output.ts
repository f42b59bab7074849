import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orders } from './orders.js';

/**
 * An electronic share of one visit's report (issue 20): a link with an extraction code. Only hashes
 * of the link's token (sha-256, for look-up) and of the code (scrypt) are kept.
 */
export const reportShares = pgTable(
  'report_shares',
  {
    id: serial('id').primaryKey(),
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** 1, 3, 7, 14 or 30; 0 until revoked */
    validDays: integer('valid_days').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedBy: integer('revoked_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Wrong codes since the last right one; SHARE_MAX_WRONG_CODES lock the link for a while. */
    wrongCodes: integer('wrong_codes').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    openCount: integer('open_count').notNull().default(0),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    lastOpenedIp: varchar('last_opened_ip', { length: 64 }),
  },
  (t) => [
    uniqueIndex('report_shares_token_idx').on(t.tokenHash),
    index('report_shares_order_idx').on(t.orderId, t.createdAt),
  ],
);

/**
 * A batch of report PDFs generated off the request thread (issue 20 print_rpt): the task outlives
 * the page, so a reload shows its progress again.
 */
export const reportBatches = pgTable(
  'report_batches',
  {
    id: serial('id').primaryKey(),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** running, done; interrupted when the server stopped before it finished */
    state: varchar('state', { length: 12 }).notNull(),
    total: integer('total').notNull(),
    /** Moved on every finished report: a running batch that has not moved for a while was interrupted. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('report_batches_creator_idx').on(t.createdBy, t.createdAt)],
);

/** One visit of a batch: waiting, done (its PDF generated) or failed with the reason. */
export const reportBatchItems = pgTable(
  'report_batch_items',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => reportBatches.id),
    orderId: varchar('order_id', { length: 20 }).notNull(),
    seq: integer('seq').notNull(),
    state: varchar('state', { length: 8 }).notNull().default('waiting'),
    message: text('message'),
    bytes: integer('bytes'),
  },
  (t) => [uniqueIndex('report_batch_items_idx').on(t.batchId, t.seq)],
);
