import { and, asc, count, desc, eq, gt, inArray, max } from 'drizzle-orm';
import { DISPLAY_WAITING_COUNT, type QueueDisplayDept, type QueueDisplayEvent } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { customers, departments, orders, queueEntries, queueEvents } from '../../db/schema.js';
import { displayName } from './display-name.js';
import { activeDepartments, callingOrder } from './queue-repository.js';

/** The last queue event written so far (0 when none). */
export async function lastEventSeq(db: Db): Promise<number> {
  const [row] = await db.select({ seq: max(queueEvents.seq) }).from(queueEvents);
  return Number(row?.seq ?? 0);
}

/** The queue events after `after`, oldest first, as a display shows them: names masked. */
export async function eventsAfter(
  db: Db,
  after: number,
  { deptIds = [], limit = 500 }: { deptIds?: number[]; limit?: number } = {},
): Promise<QueueDisplayEvent[]> {
  const rows = await db
    .select({
      seq: queueEvents.seq,
      type: queueEvents.eventType,
      deptId: queueEvents.deptId,
      deptName: departments.deptName,
      queueNo: queueEvents.queueNo,
      custName: customers.custName,
      specialFlag: customers.specialFlag,
      createdAt: queueEvents.createdAt,
    })
    .from(queueEvents)
    .innerJoin(departments, eq(departments.id, queueEvents.deptId))
    .innerJoin(queueEntries, eq(queueEntries.id, queueEvents.entryId))
    .innerJoin(orders, eq(orders.orderId, queueEntries.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(gt(queueEvents.seq, after), deptIds.length ? inArray(queueEvents.deptId, deptIds) : undefined))
    .orderBy(asc(queueEvents.seq))
    .limit(limit);
  return rows.map((r) => ({
    seq: Number(r.seq),
    event_type: r.type as QueueDisplayEvent['event_type'],
    exam_dept_id: r.deptId,
    dept_name: r.deptName,
    queue_no: r.queueNo,
    display_name: displayName(r.custName, r.specialFlag),
    created_at: r.createdAt.toISOString(),
  }));
}

function entriesOfDay(db: Db, today: string, deptIds: number[], status: 'waiting' | 'called') {
  return db
    .select({
      deptId: queueEntries.deptId,
      queueNo: queueEntries.queueNo,
      custName: customers.custName,
      specialFlag: customers.specialFlag,
    })
    .from(queueEntries)
    .innerJoin(orders, eq(orders.orderId, queueEntries.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(eq(queueEntries.queueDate, today), eq(queueEntries.status, status), inArray(queueEntries.deptId, deptIds)),
    );
}

/** Per department: the examinee called last and still being seen, the next few waiting and how many wait. */
export async function displaySnapshot(db: Db, today: string, deptIds: number[]): Promise<QueueDisplayDept[]> {
  const active = await activeDepartments(db);
  const depts = deptIds.length ? active.filter((d) => deptIds.includes(d.id)) : active;
  const ids = depts.map((d) => d.id);
  if (ids.length === 0) return [];
  const [called, waiting, counts] = await Promise.all([
    entriesOfDay(db, today, ids, 'called').orderBy(desc(queueEntries.calledAt)),
    entriesOfDay(db, today, ids, 'waiting').orderBy(asc(queueEntries.deptId), ...callingOrder),
    db
      .select({ deptId: queueEntries.deptId, n: count() })
      .from(queueEntries)
      .where(
        and(eq(queueEntries.queueDate, today), eq(queueEntries.status, 'waiting'), inArray(queueEntries.deptId, ids)),
      )
      .groupBy(queueEntries.deptId),
  ]);
  const shown = (r: { queueNo: number; custName: string; specialFlag: string }) => ({
    queue_no: r.queueNo,
    display_name: displayName(r.custName, r.specialFlag),
  });
  return depts.map((d) => {
    const current = called.find((r) => r.deptId === d.id);
    return {
      exam_dept_id: d.id,
      dept_name: d.name,
      current: current ? shown(current) : null,
      waiting: waiting
        .filter((r) => r.deptId === d.id)
        .slice(0, DISPLAY_WAITING_COUNT)
        .map(shown),
      waiting_count: counts.find((c) => c.deptId === d.id)?.n ?? 0,
    };
  });
}
