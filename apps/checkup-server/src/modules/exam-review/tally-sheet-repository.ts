import { and, asc, count, eq } from 'drizzle-orm';
import { AppError, type OrderStatus } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import {
  customers,
  departments,
  itemResults,
  orderDepts,
  orderUnions,
  orders,
  unionItems,
  unions,
} from '../../db/schema.js';

/**
 * 报告核对单 (tally_sheet): before the final review, each department's unions with how many of their
 * items have a result, and which were given up (弃检) or are still missing.
 */
export async function tallySheet(db: Db, orderId: string) {
  const [head] = await db
    .select({ status: orders.status, custName: customers.custName })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.orderId, orderId));
  if (!head) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
  const depts = await db
    .select({ deptId: orderDepts.deptId, deptName: departments.deptName, status: orderDepts.status })
    .from(orderDepts)
    .innerJoin(departments, eq(departments.id, orderDepts.deptId))
    .where(eq(orderDepts.orderId, orderId))
    .orderBy(asc(departments.sort), asc(departments.id));
  const unionRows = await db
    .select({
      deptId: orderUnions.deptId,
      unionId: orderUnions.unionId,
      unionName: unions.unionName,
      status: orderUnions.status,
      itemCount: count(unionItems.itemId),
      resultCount: count(itemResults.id),
    })
    .from(orderUnions)
    .innerJoin(unions, eq(unions.id, orderUnions.unionId))
    .leftJoin(unionItems, eq(unionItems.unionId, orderUnions.unionId))
    .leftJoin(itemResults, and(eq(itemResults.orderId, orderId), eq(itemResults.itemId, unionItems.itemId)))
    .where(eq(orderUnions.orderId, orderId))
    .groupBy(orderUnions.deptId, orderUnions.unionId, unions.unionName, orderUnions.status, unions.sort)
    .orderBy(asc(unions.sort), asc(orderUnions.unionId));

  // A union counts as done when marked so or when every item has a result.
  const isDone = (u: (typeof unionRows)[number]) =>
    u.status === '1' || (u.itemCount > 0 && u.resultCount >= u.itemCount);
  return {
    order_id: orderId,
    cust_name: head.custName,
    order_status: head.status as OrderStatus,
    depts: depts.map((d) => ({
      dept_id: d.deptId,
      dept_name: d.deptName,
      dept_status: d.status,
      unions: unionRows
        .filter((u) => u.deptId === d.deptId)
        .map((u) => ({
          union_id: u.unionId,
          union_name: u.unionName,
          status: isDone(u) && u.status === '0' ? '1' : u.status,
          item_count: u.itemCount,
          result_count: u.resultCount,
        })),
    })),
    ordered: unionRows.length,
    done: unionRows.filter((u) => u.status !== '2' && isDone(u)).length,
    given_up: unionRows.filter((u) => u.status === '2').length,
    missing: unionRows.filter((u) => u.status !== '2' && !isDone(u)).map((u) => u.unionName),
  };
}
