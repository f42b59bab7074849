import { and, desc, eq, gte, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { LOGIN_LOG_ACTIONS, type loginLogResource, type serverOpLogResource } from '@checkup/api-contract';
import { auditLog, serverOpLogs, users } from '../../db/schema.js';
import { addDays, cstTime } from '../../db/demo/dates.js';
import { escapeLike } from '../../lib/like.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';

/** The centre's days (China Standard Time), whatever the server's zone. */
function dayRange(column: PgColumn, filter: { date_from?: string; date_to?: string }): (SQL | undefined)[] {
  return [
    filter.date_from ? gte(column, cstTime(filter.date_from, 0)) : undefined,
    filter.date_to ? lt(column, cstTime(addDays(filter.date_to, 1), 0)) : undefined,
  ];
}

const isoOf = (row: Record<string, unknown>) => ({ ...row, created_at: (row.created_at as Date).toISOString() });

/** 操作日志: the server's own log of calls that wrote or failed, newest first. */
export const serverOpLogBinding: ResourceBinding<typeof serverOpLogResource> = {
  table: serverOpLogs,
  id: serverOpLogs.id,
  fields: {
    module: serverOpLogs.module,
    user_account: serverOpLogs.userAccount,
    user_name: users.userName,
    method: serverOpLogs.method,
    url: serverOpLogs.url,
    summary: serverOpLogs.summary,
    status: serverOpLogs.status,
    duration_ms: serverOpLogs.durationMs,
    error: serverOpLogs.error,
    ip: serverOpLogs.ip,
    created_at: serverOpLogs.createdAt,
  },
  joins: [{ table: users, on: eq(users.id, serverOpLogs.userId) }],
  where: (filter) => {
    const account = filter.key ? `%${escapeLike(filter.key)}%` : undefined;
    return [
      filter.module ? ilike(serverOpLogs.module, `%${escapeLike(filter.module)}%`) : undefined,
      account ? or(ilike(serverOpLogs.userAccount, account), ilike(users.userName, account)) : undefined,
      filter.outcome === 'ok' ? eq(serverOpLogs.status, 200) : undefined,
      filter.outcome === 'failed' ? ne(serverOpLogs.status, 200) : undefined,
      ...dayRange(serverOpLogs.createdAt, filter),
    ];
  },
  orderBy: [desc(serverOpLogs.createdAt), desc(serverOpLogs.id)],
  values: () => ({}),
  toRow: isoOf,
};

/** 登录日志: sign-ins and refused sign-ins from the audit log; a failed one names only the account typed. */
export const loginLogBinding: ResourceBinding<typeof loginLogResource> = {
  table: auditLog,
  id: auditLog.id,
  fields: {
    action: auditLog.action,
    user_account: sql<string | null>`coalesce(${auditLog.userAccount}, ${users.userAccount})`,
    user_id: users.id,
    user_name: users.userName,
    ip: auditLog.ip,
    browser: sql<string | null>`${auditLog.detail}->>'user_agent'`,
    locked: sql<boolean>`coalesce(${users.lockedUntil} > now(), false)`,
    created_at: auditLog.createdAt,
  },
  joins: [
    {
      table: users,
      on: or(eq(users.id, auditLog.userId), and(isNull(auditLog.userId), eq(users.userAccount, auditLog.userAccount)))!,
    },
  ],
  where: (filter) => {
    const pattern = filter.key ? `%${escapeLike(filter.key)}%` : undefined;
    return [
      filter.action ? eq(auditLog.action, filter.action) : inArray(auditLog.action, Object.keys(LOGIN_LOG_ACTIONS)),
      pattern ? or(ilike(auditLog.userAccount, pattern), ilike(users.userName, pattern)) : undefined,
      ...dayRange(auditLog.createdAt, filter),
    ];
  },
  orderBy: [desc(auditLog.createdAt), desc(auditLog.id)],
  values: () => ({}),
  toRow: isoOf,
};

/** Removes operation-log rows older than the days kept (the log-cleanup job); answers how many. */
export async function pruneServerOpLog(db: Db, before: Date): Promise<number> {
  const old = lt(serverOpLogs.createdAt, before);
  const removed = await db.$count(serverOpLogs, old);
  await db.delete(serverOpLogs).where(old);
  return removed;
}
