import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { criticalValues, orderDepts, orderExceptions, orders, queueEntries } from '../../db/schema.js';
import { addDays, cstTime } from '../../db/demo/dates.js';

/** Today's visits by status. */
export function orderStatusCounts(db: Db, today: string) {
  return db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(eq(orders.examDate, today))
    .groupBy(orders.status);
}

/** Today's department work by order_depts status ('0' waiting, '1' entered, '2' signed). */
export function deptProgress(db: Db, today: string) {
  return db
    .select({ deptId: orderDepts.deptId, status: orderDepts.status, n: count() })
    .from(orderDepts)
    .where(eq(orderDepts.examDate, today))
    .groupBy(orderDepts.deptId, orderDepts.status);
}

export function queueWaiting(db: Db, today: string) {
  return db
    .select({ deptId: queueEntries.deptId, n: count() })
    .from(queueEntries)
    .where(and(eq(queueEntries.queueDate, today), eq(queueEntries.status, 'waiting')))
    .groupBy(queueEntries.deptId);
}

export async function criticalCounts(db: Db, today: string) {
  const [row] = await db
    .select({
      unhandled: sql<number>`count(*) filter (where ${criticalValues.status} <> '2')::int`,
      today: sql<number>`count(*) filter (where ${criticalValues.createdAt} >= ${cstTime(today, 0)} and ${criticalValues.createdAt} < ${cstTime(addDays(today, 1), 0)})::int`,
    })
    .from(criticalValues);
  return { unhandled: row?.unhandled ?? 0, today: row?.today ?? 0 };
}

export async function openExceptions(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orderExceptions)
    .where(ne(orderExceptions.reviewExceptionFlag, '2'));
  return row?.n ?? 0;
}

/** Minutes from joining a queue to the first call, averaged over today's called entries. */
export async function averageWaitMinutes(db: Db, today: string): Promise<number | null> {
  const [row] = await db
    .select({
      minutes: sql<
        string | null
      >`round((avg(extract(epoch from (${queueEntries.calledAt} - ${queueEntries.enqueuedAt}))) / 60)::numeric, 1)`,
    })
    .from(queueEntries)
    .where(and(eq(queueEntries.queueDate, today), sql`${queueEntries.calledAt} is not null`));
  return row?.minutes == null ? null : Number(row.minutes);
}
