import { desc, eq, gte, ilike, lt, or } from 'drizzle-orm';
import type { frontLogResource } from '@checkup/api-contract';
import { frontLogs, users } from '../../db/schema.js';
import { addDays, cstTime } from '../../db/demo/dates.js';
import { escapeLike } from '../../lib/like.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';

// What a user types is matched literally, LIKE's wildcards included.
const contains = (text: string) => `%${escapeLike(text)}%`;

/** 前端日志 on the front-end log table, with the account each entry was reported under. */
export const frontLogBinding: ResourceBinding<typeof frontLogResource> = {
  table: frontLogs,
  id: frontLogs.id,
  fields: {
    log_type: frontLogs.logType,
    log_source: frontLogs.logSource,
    log_content: frontLogs.logContent,
    user_account: users.userAccount,
    user_name: users.userName,
    ip: frontLogs.ip,
    created_at: frontLogs.createdAt,
  },
  joins: [{ table: users, on: eq(users.id, frontLogs.userId) }],
  where: (filter) => [
    filter.log_type ? eq(frontLogs.logType, filter.log_type) : undefined,
    // Days are the centre's days (China Standard Time), whatever the server's zone.
    filter.date_from ? gte(frontLogs.createdAt, cstTime(filter.date_from, 0)) : undefined,
    filter.date_to ? lt(frontLogs.createdAt, cstTime(addDays(filter.date_to, 1), 0)) : undefined,
    filter.log_source ? ilike(frontLogs.logSource, contains(filter.log_source)) : undefined,
    filter.key
      ? or(
          ilike(frontLogs.logContent, contains(filter.key)),
          ilike(users.userAccount, contains(filter.key)),
          ilike(users.userName, contains(filter.key)),
        )
      : undefined,
  ],
  orderBy: [desc(frontLogs.createdAt), desc(frontLogs.id)],
  values: () => ({}),
  toRow: (row) => ({ ...row, created_at: (row.created_at as Date).toISOString() }),
};
