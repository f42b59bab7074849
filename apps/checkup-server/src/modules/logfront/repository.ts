import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { frontLogs, users } from '../../db/schema.js';
import { addDays, cstTime } from '../../db/demo/dates.js';
import { escapeLike } from '../../lib/like.js';

export type FrontLogEntry = Omit<typeof frontLogs.$inferInsert, 'id' | 'createdAt'>;

export async function insertFrontLog(db: Db, entry: FrontLogEntry): Promise<void> {
  await db.insert(frontLogs).values(entry);
}

export interface FrontLogSearch {
  logType?: string;
  dateFrom?: string;
  dateTo?: string;
  source?: string;
  key?: string;
  page: number;
  size: number;
}

// What a user types is matched literally, LIKE's wildcards included.
const contains = (text: string) => `%${escapeLike(text)}%`;

function conditionsOf(search: FrontLogSearch): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (search.logType) conditions.push(eq(frontLogs.logType, search.logType));
  // Days are the centre's days (China Standard Time), whatever the server's zone.
  if (search.dateFrom) conditions.push(gte(frontLogs.createdAt, cstTime(search.dateFrom, 0)));
  if (search.dateTo) conditions.push(lt(frontLogs.createdAt, cstTime(addDays(search.dateTo, 1), 0)));
  if (search.source) conditions.push(ilike(frontLogs.logSource, contains(search.source)));
  if (search.key) {
    const pattern = contains(search.key);
    conditions.push(
      or(ilike(frontLogs.logContent, pattern), ilike(users.userAccount, pattern), ilike(users.userName, pattern)),
    );
  }
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
}

/** The entries matching the filters, newest first, with the account they were reported under. */
export async function searchFrontLogs(db: Db, search: FrontLogSearch) {
  const where = conditionsOf(search);
  const rows = await db
    .select({
      id: frontLogs.id,
      logType: frontLogs.logType,
      logSource: frontLogs.logSource,
      logContent: frontLogs.logContent,
      userAccount: users.userAccount,
      userName: users.userName,
      ip: frontLogs.ip,
      createdAt: frontLogs.createdAt,
    })
    .from(frontLogs)
    .leftJoin(users, eq(users.id, frontLogs.userId))
    .where(where)
    .orderBy(desc(frontLogs.createdAt), desc(frontLogs.id))
    .limit(search.size)
    .offset((search.page - 1) * search.size);
  const [total] = await db
    .select({ n: count() })
    .from(frontLogs)
    .leftJoin(users, eq(users.id, frontLogs.userId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
