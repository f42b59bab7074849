import { asc, count, eq, sql } from 'drizzle-orm';
import { ORDER_STATUSES, type OrderStatus, type TodayStats } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { departments, orderDepts, orders } from '../../db/schema.js';

const reached = (counts: Map<string, number>, from: OrderStatus) =>
  ORDER_STATUSES.slice(ORDER_STATUSES.indexOf(from)).reduce((sum, s) => sum + (counts.get(s) ?? 0), 0);

/**
 * The home page's numbers for one exam day: each figure counts the visits that have reached that
 * stage (a visit in review has also been checked in); per department, waiting, entered and signed.
 */
export async function todayStats(db: Db, date: string): Promise<TodayStats> {
  const byStatus = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(eq(orders.examDate, date))
    .groupBy(orders.status);
  const counts = new Map(byStatus.map((r) => [r.status, r.n]));
  const depts = await db
    .select({
      deptId: departments.id,
      deptName: departments.deptName,
      waiting: sql<number>`count(*) filter (where ${orderDepts.status} = '0')::int`,
      entered: sql<number>`count(*) filter (where ${orderDepts.status} = '1')::int`,
      signed: sql<number>`count(*) filter (where ${orderDepts.status} = '2')::int`,
    })
    .from(orderDepts)
    .innerJoin(departments, eq(departments.id, orderDepts.deptId))
    .where(eq(orderDepts.examDate, date))
    .groupBy(departments.id)
    .orderBy(asc(departments.sort), asc(departments.id));
  return {
    date,
    registered: reached(counts, 'registered'),
    checked_in: reached(counts, 'checked_in'),
    in_exam: reached(counts, 'in_exam'),
    depts_done: reached(counts, 'depts_done'),
    reviewed: reached(counts, 'final_trial'),
    report_printed: reached(counts, 'report_printed'),
    depts: depts.map((d) => ({
      dept_id: d.deptId,
      dept_name: d.deptName,
      waiting: Number(d.waiting),
      entered: Number(d.entered),
      signed: Number(d.signed),
    })),
  };
}
