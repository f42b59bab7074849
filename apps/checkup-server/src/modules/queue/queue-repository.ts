import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers, departments, orders, queueEntries, users } from '../../db/schema.js';
import { ageAt } from '../orders/order-repository.js';

type Executor = Pick<Db, 'select' | 'selectDistinctOn'>;

function selectEntries(db: Executor) {
  return db
    .select({
      id: queueEntries.id,
      deptId: queueEntries.deptId,
      orderId: queueEntries.orderId,
      queueNo: queueEntries.queueNo,
      custName: customers.custName,
      sex: customers.sex,
      age: ageAt(orders.examDate),
      specialFlag: customers.specialFlag,
      status: queueEntries.status,
      priorityAt: queueEntries.priorityAt,
      callCount: queueEntries.callCount,
      enqueuedAt: queueEntries.enqueuedAt,
      calledAt: queueEntries.calledAt,
      calledByName: users.userName,
    })
    .from(queueEntries)
    .innerJoin(orders, eq(orders.orderId, queueEntries.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(users, eq(users.id, queueEntries.calledBy));
}

export type QueueRecord = Awaited<ReturnType<ReturnType<typeof selectEntries>['execute']>>[number];

/** Who is called next: those moved up (优先) in the order they were, then by number. */
export const callingOrder = [sql`${queueEntries.priorityAt} asc nulls last`, asc(queueEntries.queueNo)];

const STATUS_RANK = sql`case ${queueEntries.status} when 'waiting' then 0 when 'called' then 1 when 'passed' then 2 else 3 end`;

/** A department's queue of the day: waiting in calling order, then called, passed and done, latest first. */
export async function deptQueue(db: Executor, today: string, deptId: number) {
  return selectEntries(db)
    .where(and(eq(queueEntries.queueDate, today), eq(queueEntries.deptId, deptId), ne(queueEntries.status, 'removed')))
    .orderBy(STATUS_RANK, sql`${queueEntries.calledAt} desc nulls last`, ...callingOrder);
}

export async function entryById(db: Executor, id: number): Promise<QueueRecord | undefined> {
  const [row] = await selectEntries(db).where(eq(queueEntries.id, id));
  return row;
}

export async function entriesById(db: Executor, ids: number[]): Promise<QueueRecord[]> {
  if (ids.length === 0) return [];
  return selectEntries(db).where(inArray(queueEntries.id, ids)).orderBy(asc(queueEntries.deptId));
}

export async function deptName(db: Executor, deptId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: departments.deptName }).from(departments).where(eq(departments.id, deptId));
  return row?.name;
}

/** Entries of the day by department and status. */
export async function queueCounts(db: Executor, today: string, deptId?: number) {
  return db
    .select({ deptId: queueEntries.deptId, status: queueEntries.status, n: count() })
    .from(queueEntries)
    .where(and(eq(queueEntries.queueDate, today), deptId === undefined ? undefined : eq(queueEntries.deptId, deptId)))
    .groupBy(queueEntries.deptId, queueEntries.status);
}

/** The entry each department called last and is still being seen: what the hall display shows. */
export async function currentCalls(db: Executor, today: string) {
  return db
    .selectDistinctOn([queueEntries.deptId], {
      deptId: queueEntries.deptId,
      queueNo: queueEntries.queueNo,
      custName: customers.custName,
      specialFlag: customers.specialFlag,
    })
    .from(queueEntries)
    .innerJoin(orders, eq(orders.orderId, queueEntries.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(queueEntries.queueDate, today), eq(queueEntries.status, 'called')))
    .orderBy(queueEntries.deptId, desc(queueEntries.calledAt));
}

export async function activeDepartments(db: Executor) {
  return db
    .select({ id: departments.id, name: departments.deptName })
    .from(departments)
    .where(eq(departments.isActive, true))
    .orderBy(asc(departments.sort), asc(departments.id));
}
