import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { departments } from './schema/catalogue.js';

/**
 * A role groups the menu keys (role_menu) its accounts may open (spec §6, 角色管理): whole areas'
 * screens and the button-level permissions the screens declare; '*' opens everything. An account
 * holds any number of roles (user_roles); what it may open is the union of its enabled roles.
 */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  roleName: varchar('role_name', { length: 64 }).notNull().unique(),
  /** 权限字符: a stable key, e.g. admin, registrar. */
  roleKey: varchar('role_key', { length: 64 }).notNull().unique(),
  sort: integer('sort').notNull().default(0),
  roleMenu: jsonb('role_menu')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** 数据权限 (ROLE_DATA_SCOPES): all, dept (the account's own departments) or self. */
  dataScope: varchar('data_scope', { length: 8 }).notNull().default('all'),
  remark: varchar('remark', { length: 200 }),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  updatedBy: integer('updated_by'),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  userAccount: varchar('user_account', { length: 64 }).notNull().unique(),
  userName: varchar('user_name', { length: 64 }).notNull(),
  /** scrypt$N$r$p$salt$hash, see modules/auth/password.ts */
  passwordHash: text('password_hash').notNull(),
  /** '1' may view confidential persons (spec §3). */
  specialFlag: varchar('special_flag', { length: 1 }).notNull().default('0'),
  /** Results of every department ('*'); otherwise only those of user_depts (issue 17 §1). */
  allDepts: boolean('all_depts').notNull().default(false),
  /** May confirm on the spot what exceeds another account's limits, e.g. a discount below its floor. */
  isLeader: boolean('is_leader').notNull().default(false),
  /** The lowest price this account may give, in percent of the list price (90 = 九折); 100 gives none. */
  discountFloor: numeric('discount_floor', { precision: 5, scale: 2 }).notNull().default('100.00'),
  /** '1' active, '0' disabled */
  status: varchar('status', { length: 1 }).notNull().default('1'),
  phone: varchar('phone', { length: 20 }),
  /** 默认分中心 (issue 21): the branch its registrations belong to; none, the first enabled branch. */
  defaultBranchId: integer('default_branch_id'),
  remark: varchar('remark', { length: 200 }),
  /** Set by 重置密码: the account must choose a new password at its next login. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  /** Wrong passwords in a row; reaching the limit sets locked_until (released by time or in 账号管理). */
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** The signature image printed on reports (stored_files). */
  signatureFileId: integer('signature_file_id'),
  /** May conclude occupational exams, for the harm-factor classes of user_harm_classes. */
  occConclude: boolean('occ_conclude').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  updatedBy: integer('updated_by'),
});

/** The roles an account holds (账号管理). */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** The harm-factor classes (HARM_CATEGORIES) whose occupational exams a doctor may conclude. */
export const userHarmClasses = pgTable(
  'user_harm_classes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    harmCategory: varchar('harm_category', { length: 16 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.harmCategory] })],
);

/** An account's earlier password hashes: a new password may not be one of the last five. */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_history_user_idx').on(t.userId, t.createdAt)],
);

/** The departments a doctor works in: their worklist opens on these (dept_diag). */
export const userDepts = pgTable(
  'user_depts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    deptId: integer('dept_id')
      .notNull()
      .references(() => departments.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deptId] })],
);

/** Upstream sessions; only the SHA-256 of the token is stored. */
export const userSessions = pgTable(
  'user_sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId)],
);

/** System parameters (spec §3): param_value is JSON, e.g. 0810 holds companyCfg. */
export const parameters = pgTable('parameters', {
  paramCode: varchar('param_code', { length: 16 }).primaryKey(),
  paramName: varchar('param_name', { length: 64 }).notNull(),
  paramValue: jsonb('param_value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who did what, when: logins, confidential-person access, state changes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    action: varchar('action', { length: 64 }).notNull(),
    userId: integer('user_id'),
    userAccount: varchar('user_account', { length: 64 }),
    target: text('target'),
    detail: jsonb('detail'),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_action_idx').on(t.action, t.createdAt)],
);

/** Errors and duplicate-request warnings the web app reports (spec §3 front-end log entry, §7 add_log). */
export const frontLogs = pgTable(
  'front_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    logType: varchar('log_type', { length: 16 }).notNull(),
    /** spec §6: the web app sends it empty; kept for the field's sake. */
    operatorId: varchar('operator_id', { length: 64 }),
    logSource: varchar('log_source', { length: 128 }).notNull(),
    logContent: text('log_content').notNull(),
    userId: integer('user_id'),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('front_logs_created_idx').on(t.createdAt)],
);

export * from './schema/catalogue.js';
export * from './schema/people.js';
export * from './schema/orders.js';
export * from './schema/clinical.js';
export * from './schema/locks.js';
export * from './schema/templates.js';
export * from './schema/queue.js';
export * from './schema/reports.js';
export * from './schema/report-output.js';
export * from './schema/workstations.js';
export * from './schema/requests.js';
export * from './schema/files.js';
export * from './schema/diag-config.js';
export * from './schema/config-dicts.js';
export * from './schema/exam-forms.js';
export * from './schema/dept-notes.js';
export * from './schema/jobs.js';
export * from './schema/report-logistics.js';
export * from './schema/review-plans.js';
export * from './schema/menus-help.js';
export * from './schema/system-logs.js';
export * from './schema/system-register.js';
export * from './schema/crm-sms.js';
export * from './schema/crm.js';
export * from './schema/group-register.js';
export * from './schema/exam-cards.js';
export * from './schema/crm-schedule.js';
export * from './schema/finance.js';
export * from './schema/reconciliation.js';
export * from './schema/invoices.js';
export * from './schema/settlement.js';
export * from './schema/bi.js';
export * from './schema/group-reports.js';
export * from './schema/custom-reports.js';
