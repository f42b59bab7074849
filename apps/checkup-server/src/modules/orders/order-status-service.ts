import { and, eq, ne, sql } from 'drizzle-orm';
import { AppError, checkTransition, isOrderStatus, type OrderAction, type OrderStatus } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { auditLog, orderDepts, orderStatusLog, orders } from '../../db/schema.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface StatusChange {
  orderId: string;
  action: OrderAction;
  userId: number;
  userAccount: string;
  reason?: string;
  ip?: string;
}

/**
 * Moves an order along the status machine (libs/api-contract order-status.ts) inside the caller's
 * transaction: the row is locked, the move checked, and the change logged and audited together,
 * so a refused or interrupted move leaves nothing behind.
 */
export async function changeOrderStatus(tx: Tx, change: StatusChange): Promise<{ from: OrderStatus; to: OrderStatus }> {
  const [row] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.orderId, change.orderId))
    .for('update');
  if (!row) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
  if (!isOrderStatus(row.status)) throw new AppError('INTERNAL');
  const step = checkTransition(row.status, change.action);
  if (!step.ok) throw new AppError('ILLEGAL_TRANSITION', step.msg);
  if (change.action === 'finish_depts') {
    const [unsigned] = await tx
      .select({ deptId: orderDepts.deptId })
      .from(orderDepts)
      .where(and(eq(orderDepts.orderId, change.orderId), ne(orderDepts.status, '2')))
      .limit(1);
    if (unsigned) throw new AppError('ILLEGAL_TRANSITION', '还有科室未签名，不能完成科室检查');
  }

  await tx
    .update(orders)
    .set({ status: step.to, updatedAt: sql`now()` })
    .where(eq(orders.orderId, change.orderId));
  await tx.insert(orderStatusLog).values({
    orderId: change.orderId,
    fromStatus: row.status,
    toStatus: step.to,
    userId: change.userId,
    reason: change.reason ?? null,
  });
  await tx.insert(auditLog).values({
    action: 'order_status',
    userId: change.userId,
    userAccount: change.userAccount,
    target: change.orderId,
    detail: { action: change.action, from: row.status, to: step.to, reason: change.reason ?? null },
    ip: change.ip ?? null,
  });
  return { from: row.status, to: step.to };
}

/** The same, in a transaction of its own. */
export function changeOrderStatusNow(db: Db, change: StatusChange) {
  return db.transaction((tx) => changeOrderStatus(tx, change));
}
