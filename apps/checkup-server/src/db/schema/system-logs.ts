import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * 后端日志's operation log (issue 21): one row per call that wrote and per failed call, written after
 * the answer went out (plugins/server-op-log.ts). No request body is kept; URL and error are masked.
 * The log-cleanup job removes rows past SERVER_LOG_KEEP_DAYS.
 */
export const serverOpLogs = pgTable(
  'server_op_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    module: varchar('module', { length: 64 }).notNull(),
    userId: integer('user_id'),
    userAccount: varchar('user_account', { length: 64 }),
    method: varchar('method', { length: 8 }).notNull(),
    url: varchar('url', { length: 512 }).notNull(),
    summary: varchar('summary', { length: 128 }).notNull(),
    /** The envelope's status when not 200, else the HTTP status. */
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    error: varchar('error', { length: 500 }),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('server_op_logs_created_idx').on(t.createdAt)],
);

/** 公告 (提醒数据): what an administrator tells roles or accounts (none named: everyone), until a day. */
export const notices = pgTable('notices', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 64 }).notNull(),
  content: text('content').notNull(),
  roleIds: jsonb('role_ids').$type<number[]>().notNull().default([]),
  userIds: jsonb('user_ids').$type<number[]>().notNull().default([]),
  /** The last day it shows (the centre's day); null: until withdrawn. */
  validUntil: date('valid_until', { mode: 'string' }),
  /** false once withdrawn (撤回). */
  enabled: boolean('enabled').notNull().default(true),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});

/** Which reminders an account has read, by the reminder's key (notice:12, overdue_report:2026-11-28:3 …). */
export const reminderReads = pgTable(
  'reminder_reads',
  {
    userId: integer('user_id').notNull(),
    reminderKey: varchar('reminder_key', { length: 64 }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.reminderKey] })],
);
