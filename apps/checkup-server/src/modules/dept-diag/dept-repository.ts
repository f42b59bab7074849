import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers, orderDepts, orders } from '../../db/schema.js';
import { ageAt } from '../orders/order-repository.js';

export interface WorklistQuery {
  deptId: number;
  examDate: string;
  deptStatus?: string;
  page: number;
  size: number;
}

/** The department's visits of one day: one range of order_depts_worklist_idx. */
export async function deptWorklist(db: Db, q: WorklistQuery) {
  const where = and(
    eq(orderDepts.deptId, q.deptId),
    eq(orderDepts.examDate, q.examDate),
    q.deptStatus ? eq(orderDepts.status, q.deptStatus) : undefined,
  );
  const rows = await db
    .select({
      orderId: orderDepts.orderId,
      custName: customers.custName,
      sex: customers.sex,
      age: ageAt(orders.examDate),
      specialFlag: customers.specialFlag,
      examDate: orderDepts.examDate,
      deptStatus: orderDepts.status,
      orderStatus: orders.status,
      deptExceptionFlag: orderDepts.deptExceptionFlag,
    })
    .from(orderDepts)
    .innerJoin(orders, eq(orders.orderId, orderDepts.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(where)
    .orderBy(asc(orderDepts.orderId))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [total] = await db.select({ n: count() }).from(orderDepts).where(where);
  return { rows, total: total?.n ?? 0 };
}
