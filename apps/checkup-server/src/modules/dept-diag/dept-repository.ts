import { and, asc, count, eq, ilike, inArray, like, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers, departments, orderDepts, orders, userDepts } from '../../db/schema.js';
import { ageAt } from '../orders/order-repository.js';
import { escapeLike } from '../../lib/like.js';

export interface WorklistQuery {
  deptId: number;
  examDate: string;
  deptStatus?: string;
  /** The start of an order id, or part of a name (names of confidential persons only for who may see them). */
  keyword?: string;
  mayViewConfidential: boolean;
  page: number;
  size: number;
}

/** The department's visits of one day: one range of order_depts_worklist_idx. */
export async function deptWorklist(db: Db, q: WorklistQuery) {
  const where = and(
    eq(orderDepts.deptId, q.deptId),
    eq(orderDepts.examDate, q.examDate),
    q.deptStatus ? eq(orderDepts.status, q.deptStatus) : undefined,
    q.keyword ? inArray(orderDepts.orderId, ordersMatching(db, q.keyword, q.mayViewConfidential)) : undefined,
    // 已预登记 (issue 22): a group visit not yet registered at the desk is no department's work.
    sql`not exists (select 1 from ${orders} o where o.order_id = ${orderDepts.orderId} and o.status = 'prepared')`,
  );
  // The page is cut from order_depts alone (one range of order_depts_worklist_idx), then joined:
  // joining first lets the planner walk both primary keys of a busy day (bench:server).
  const page = db
    .select({
      orderId: orderDepts.orderId,
      examDate: orderDepts.examDate,
      deptStatus: orderDepts.status,
      deptExceptionFlag: orderDepts.deptExceptionFlag,
    })
    .from(orderDepts)
    .where(where)
    .orderBy(asc(orderDepts.orderId))
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .as('page');
  const rows = await db
    .select({
      orderId: page.orderId,
      custName: customers.custName,
      sex: customers.sex,
      age: ageAt(orders.examDate),
      specialFlag: customers.specialFlag,
      examDate: page.examDate,
      deptStatus: page.deptStatus,
      orderStatus: orders.status,
      deptExceptionFlag: page.deptExceptionFlag,
      bannedAt: orders.bannedAt,
      banReason: orders.banReason,
    })
    .from(page)
    .innerJoin(orders, eq(orders.orderId, page.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .orderBy(asc(page.orderId));
  const [total] = await db.select({ n: count() }).from(orderDepts).where(where);
  return { rows, total: total?.n ?? 0 };
}

function ordersMatching(db: Db, keyword: string, mayViewConfidential: boolean) {
  const text = escapeLike(keyword);
  const byName = and(
    ilike(customers.custName, `%${text}%`),
    mayViewConfidential ? undefined : ne(customers.specialFlag, '1'),
  );
  return db
    .select({ orderId: orders.orderId })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(or(like(orders.orderId, `${text}%`), byName));
}

/** The departments a user works in: their own, or every active one for an account of all departments ('*'). */
export async function deptsOfUser(db: Db, userId: number, everything: boolean) {
  const columns = { examDeptId: departments.id, deptName: departments.deptName, deptType: departments.deptType };
  const active = eq(departments.isActive, true);
  if (everything)
    return db.select(columns).from(departments).where(active).orderBy(asc(departments.sort), asc(departments.id));
  return db
    .select(columns)
    .from(userDepts)
    .innerJoin(departments, eq(departments.id, userDepts.deptId))
    .where(and(eq(userDepts.userId, userId), active))
    .orderBy(asc(departments.sort), asc(departments.id));
}
