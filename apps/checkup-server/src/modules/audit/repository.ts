import type { FastifyRequest } from 'fastify';
import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, users } from '../../db/schema.js';
import { addDays, cstTime } from '../../db/demo/dates.js';
import { escapeLike } from '../../lib/like.js';

export type AuditEntry = Omit<typeof auditLog.$inferInsert, 'action' | 'id' | 'createdAt' | 'ip'>;

/** Writes one audit row with the caller's address. */
export async function recordAudit(db: Db, request: FastifyRequest, action: string, entry: AuditEntry = {}) {
  await db.insert(auditLog).values({ action, ip: request.ip, ...entry });
}

export interface AuditSearch {
  /** The actions of one operation log (系统操作日志 or 业务操作日志). */
  actions: readonly string[];
  action?: string;
  dateFrom?: string;
  dateTo?: string;
  /** An account (as written, or of the user) or the object acted on. */
  key?: string;
  page: number;
  size: number;
}

function conditionsOf(search: AuditSearch): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    search.action ? eq(auditLog.action, search.action) : inArray(auditLog.action, [...search.actions]),
  ];
  // Days are the centre's days (China Standard Time), whatever the server's zone.
  if (search.dateFrom) conditions.push(gte(auditLog.createdAt, cstTime(search.dateFrom, 0)));
  if (search.dateTo) conditions.push(lt(auditLog.createdAt, cstTime(addDays(search.dateTo, 1), 0)));
  if (search.key) {
    const pattern = `%${escapeLike(search.key)}%`;
    conditions.push(
      or(
        ilike(auditLog.userAccount, pattern),
        ilike(users.userAccount, pattern),
        ilike(users.userName, pattern),
        ilike(auditLog.target, pattern),
      ),
    );
  }
  return and(...conditions.filter((c): c is SQL => c !== undefined));
}

/** The audit rows of one operation log matching the filters, newest first. */
export async function searchAudit(db: Db, search: AuditSearch) {
  const where = conditionsOf(search);
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      userAccount: sql<string | null>`coalesce(${auditLog.userAccount}, ${users.userAccount})`,
      userName: users.userName,
      target: auditLog.target,
      detail: auditLog.detail,
      ip: auditLog.ip,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(search.size)
    .offset((search.page - 1) * search.size);
  const [total] = await db
    .select({ n: count() })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
