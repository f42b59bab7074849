import { integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Record locks (spec §4 page close): one editor per department diagnosis, exam review and report
 * review. In the database, so every server instance sees the same holder.
 */
export const recordLocks = pgTable(
  'record_locks',
  {
    /** dept_diag, exam_review, report_review */
    lockType: varchar('lock_type', { length: 16 }).notNull(),
    /** order_id, or order_id:exam_dept_id for a department */
    lockKey: varchar('lock_key', { length: 48 }).notNull(),
    ownerUserId: integer('owner_user_id').notNull(),
    ownerName: varchar('owner_name', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.lockType, t.lockKey] })],
);
