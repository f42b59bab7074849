import { desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { interfaceErrorResource } from '@checkup/api-contract';
import { interfaceErrors } from '../../db/schema.js';
import { addDays, cstTime } from '../../db/demo/dates.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { wordsMatch } from '../exam-cfg/search.js';

const timeOf = (column: typeof interfaceErrors.occurredAt | typeof interfaceErrors.lastFailedAt) =>
  sql<string>`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;

/** 接口错误日志: newest first; written by the recorder, never by a form. */
export const interfaceErrorBinding: ResourceBinding<typeof interfaceErrorResource> = {
  table: interfaceErrors,
  id: interfaceErrors.id,
  fields: {
    system: interfaceErrors.system,
    call_name: interfaceErrors.callName,
    request_text: interfaceErrors.requestText,
    response_text: interfaceErrors.responseText,
    occurred_at: timeOf(interfaceErrors.occurredAt),
    last_failed_at: timeOf(interfaceErrors.lastFailedAt),
    retry_count: interfaceErrors.retryCount,
    state: interfaceErrors.state,
    retryable: sql<boolean>`(${interfaceErrors.retry} is not null)`,
  },
  values: () => ({}),
  where: (filter) => [
    wordsMatch(filter.key, [interfaceErrors.callName, interfaceErrors.responseText], []),
    filter.system ? eq(interfaceErrors.system, filter.system) : undefined,
    filter.state ? eq(interfaceErrors.state, filter.state) : undefined,
    // Days are the centre's days (China Standard Time), whatever the server's zone.
    filter.date_from ? gte(interfaceErrors.occurredAt, cstTime(filter.date_from, 0)) : undefined,
    filter.date_to ? lt(interfaceErrors.occurredAt, cstTime(addDays(filter.date_to, 1), 0)) : undefined,
  ],
  orderBy: [desc(interfaceErrors.occurredAt), desc(interfaceErrors.id)],
  toRow: (row) => ({ ...row, retry_count: Number(row.retry_count), retryable: Boolean(row.retryable) }),
};
