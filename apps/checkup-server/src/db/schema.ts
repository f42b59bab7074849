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

/** A role groups the menu keys (role_menu) its users may open (spec §6). */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  roleName: varchar('role_name', { length: 64 }).notNull().unique(),
  roleMenu: jsonb('role_menu')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  userAccount: varchar('user_account', { length: 64 }).notNull().unique(),
  userName: varchar('user_name', { length: 64 }).notNull(),
  /** scrypt$N$r$p$salt$hash, see modules/auth/password.ts */
  passwordHash: text('password_hash').notNull(),
  /** '1' may view confidential persons (spec §3). */
  specialFlag: varchar('special_flag', { length: 1 }).notNull().default('0'),
  roleId: integer('role_id').references(() => roles.id),
  /** Results of every department ('*'); otherwise only those of user_depts (issue 17 §1). */
  allDepts: boolean('all_depts').notNull().default(false),
  /** May confirm on the spot what exceeds another account's limits, e.g. a discount below its floor. */
  isLeader: boolean('is_leader').notNull().default(false),
  /** The lowest price this account may give, in percent of the list price (90 = 九折); 100 gives none. */
  discountFloor: numeric('discount_floor', { precision: 5, scale: 2 }).notNull().default('100.00'),
  /** '1' active, '0' disabled */
  status: varchar('status', { length: 1 }).notNull().default('1'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
export * from './schema/workstations.js';
export * from './schema/requests.js';
export * from './schema/files.js';
export * from './schema/diag-config.js';
export * from './schema/config-dicts.js';
export * from './schema/exam-forms.js';
