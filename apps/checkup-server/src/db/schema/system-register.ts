import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { recordColumns } from './catalogue.js';

/**
 * 分中心 (系统注册, breadth §7): where a visit is registered and paid. Visits and payment lines carry
 * their branch; its 检前须知 is printed on the guide sheet.
 */
export const branches = pgTable('branches', {
  id: serial('id').primaryKey(),
  branchName: varchar('branch_name', { length: 64 }).notNull(),
  shortCode: varchar('short_code', { length: 16 }).notNull().unique(),
  pinyinCode: varchar('pinyin_code', { length: 32 }).notNull(),
  phone: varchar('phone', { length: 32 }),
  address: varchar('address', { length: 200 }),
  /** 预约周期: how many days ahead a booking may be made. */
  bookingDays: integer('booking_days').notNull().default(30),
  /** 出号时间段: am 上午, pm 下午, all 全天 (contract ISSUE_PERIODS). */
  issuePeriod: varchar('issue_period', { length: 4 }).notNull().default('all'),
  bookingEnabled: boolean('booking_enabled').notNull().default(false),
  deskNotice: text('desk_notice'),
  preExamNotice: text('pre_exam_notice'),
  sort: integer('sort').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  ...recordColumns(),
});

/** 版本日志: the product's versions. */
export const appVersions = pgTable('app_versions', {
  id: serial('id').primaryKey(),
  versionName: varchar('version_name', { length: 64 }).notNull(),
  versionNo: varchar('version_no', { length: 32 }).notNull().unique(),
  releasedOn: date('released_on', { mode: 'string' }),
  isActive: boolean('is_active').notNull().default(true),
  ...recordColumns(),
});

/** What changed in a version, named by its 版本号 (so a spreadsheet can name it too). */
export const versionEntries = pgTable(
  'version_entries',
  {
    id: serial('id').primaryKey(),
    versionNo: varchar('version_no', { length: 32 })
      .notNull()
      .references(() => appVersions.versionNo, { onUpdate: 'cascade' }),
    module: varchar('module', { length: 32 }).notNull(),
    /** add 新增, fix 修复, improve 优化 (contract CHANGE_TYPES) */
    changeType: varchar('change_type', { length: 8 }).notNull(),
    finishedOn: date('finished_on', { mode: 'string' }),
    content: text('content').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...recordColumns(),
  },
  (t) => [index('version_entries_version_idx').on(t.versionNo)],
);

/**
 * 接口错误日志: one row per failed outbound call (modules/interface-errors/recorder.ts). `subject`
 * names what was called about (report_notice:12), so a later failure counts on the row and a success
 * closes it; `retry` says how 重试 runs it again, when it can.
 */
export const interfaceErrors = pgTable(
  'interface_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** sms, email, his, print, external (contract INTERFACE_SYSTEMS) */
    system: varchar('system', { length: 16 }).notNull(),
    callName: varchar('call_name', { length: 64 }).notNull(),
    subject: varchar('subject', { length: 64 }),
    /** Masked: no personal data in clear. */
    requestText: text('request_text'),
    responseText: text('response_text'),
    retry: jsonb('retry'),
    retryCount: integer('retry_count').notNull().default(0),
    /** pending 待重试, retried 已重试成功, abandoned 已放弃 */
    state: varchar('state', { length: 12 }).notNull().default('pending'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('interface_errors_occurred_idx').on(t.occurredAt),
    index('interface_errors_subject_idx').on(t.subject, t.state),
  ],
);
