import { desc, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import { OPERATION_LOG_ACTIONS, type OperationLogCategory, type sysOperationLogResource } from '@checkup/api-contract';
import { auditLog, users } from '../../db/schema.js';
import { addDays, cstTime } from '../../db/demo/dates.js';
import { escapeLike } from '../../lib/like.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';

type LogResource = typeof sysOperationLogResource;

/**
 * 系统操作日志 and 业务操作日志 on the audit log: each category its own actions; an account is matched
 * as written at the time and as the user's account or name today.
 */
export function operationLogBinding(category: OperationLogCategory): ResourceBinding<LogResource> {
  const actions = Object.keys(OPERATION_LOG_ACTIONS[category]);
  return {
    table: auditLog,
    id: auditLog.id,
    fields: {
      action: auditLog.action,
      user_account: sql<string | null>`coalesce(${auditLog.userAccount}, ${users.userAccount})`,
      user_name: users.userName,
      target: auditLog.target,
      detail: sql<string | null>`${auditLog.detail}::text`,
      ip: auditLog.ip,
      created_at: auditLog.createdAt,
    },
    joins: [{ table: users, on: eq(users.id, auditLog.userId) }],
    where: (filter) => {
      const pattern = filter.key ? `%${escapeLike(filter.key)}%` : undefined;
      return [
        filter.action ? eq(auditLog.action, filter.action) : inArray(auditLog.action, actions),
        // Days are the centre's days (China Standard Time), whatever the server's zone.
        filter.date_from ? gte(auditLog.createdAt, cstTime(filter.date_from, 0)) : undefined,
        filter.date_to ? lt(auditLog.createdAt, cstTime(addDays(filter.date_to, 1), 0)) : undefined,
        pattern
          ? or(
              ilike(auditLog.userAccount, pattern),
              ilike(users.userAccount, pattern),
              ilike(users.userName, pattern),
              ilike(auditLog.target, pattern),
            )
          : undefined,
      ];
    },
    orderBy: [desc(auditLog.createdAt), desc(auditLog.id)],
    values: () => ({}),
    toRow: (row) => ({ ...row, created_at: (row.created_at as Date).toISOString() }),
  };
}
