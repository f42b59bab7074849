import { and, eq, ne, sql } from 'drizzle-orm';
import { AppError, checkTransition, isOrderStatus, type OrderAction, type OrderStatus } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { auditLog, orderDepts, orderStatusLog, orders } from '../../db/schema.js';
import { todayCst } from '../../lib/hospital-day.js';
import { queueChanged } from '../queue/queue-signal.js';
import { QUEUEABLE_STATUSES, syncQueuesIn } from '../queue/queue-sync.js';

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
  // Checked in: the examinee joins the queues of the visit's departments at once (the hall display
  // shows it); out of the exam: the visit's waiting entries leave them.
  if (step.to === 'checked_in' || (QUEUEABLE_STATUSES.has(row.status) && !QUEUEABLE_STATUSES.has(step.to))) {
    await syncQueuesIn(tx, todayCst(), { orderId: change.orderId });
  }
  return { from: row.status, to: step.to };
}

/** The same, in a transaction of its own; the queue displays hear of it after commit. */
export async function changeOrderStatusNow(db: Db, change: StatusChange) {
  const moved = await db.transaction((tx) => changeOrderStatus(tx, change));
  queueChanged(db);
  return moved;
}

/**
 * A chief examiner's return to the previous review step (issue 8 rev_apr 退回): the visit goes back
 * one review status — 主审 returns to 初审, 终审 to 主审. The status machine of the contract has no
 * such move, so the allowed pairs are here; like changeOrderStatus it locks, logs and audits in the
 * caller's transaction. A 反审 (issue 20) takes a pass back the same way, 终审's included.
 */
const REVIEW_STEP_BACK: Partial<Record<OrderStatus, OrderStatus>> = {
  first_trial: 'depts_done',
  main_trial: 'first_trial',
  final_trial: 'main_trial',
};

export async function returnOrderToPreviousReview(
  tx: Tx,
  change: Omit<StatusChange, 'action'> & { from: OrderStatus; action?: 'return_previous_review' | 'unpass_review' },
): Promise<{ from: OrderStatus; to: OrderStatus }> {
  const action = change.action ?? 'return_previous_review';
  const [row] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.orderId, change.orderId))
    .for('update');
  if (!row) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
  const to = REVIEW_STEP_BACK[change.from];
  if (row.status !== change.from || !to) {
    const what = action === 'unpass_review' ? '反审' : '退回上一步审核';
    throw new AppError('ILLEGAL_TRANSITION', `订单状态已变化，不能${what}，请刷新后重试`);
  }
  await tx
    .update(orders)
    .set({ status: to, updatedAt: sql`now()` })
    .where(eq(orders.orderId, change.orderId));
  await tx.insert(orderStatusLog).values({
    orderId: change.orderId,
    fromStatus: row.status,
    toStatus: to,
    userId: change.userId,
    reason: change.reason ?? null,
  });
  await tx.insert(auditLog).values({
    action: 'order_status',
    userId: change.userId,
    userAccount: change.userAccount,
    target: change.orderId,
    detail: { action, from: row.status, to, reason: change.reason ?? null },
    ip: change.ip ?? null,
  });
  return { from: change.from, to };
}

/**
 * A report printed (issue 8): the first print moves a final-reviewed visit to report_printed; a
 * reprint of a printed or sent report leaves it where it is, with nothing logged. Answers the status after.
 */
export async function markReportPrinted(tx: Tx, change: Omit<StatusChange, 'action'>): Promise<OrderStatus> {
  return moveOnce(tx, { ...change, action: 'print_report' }, 'final_trial');
}

/** A report sent or handed over (issue 8): report_printed moves to report_sent once; a resend stays. */
export async function markReportSent(tx: Tx, change: Omit<StatusChange, 'action'>): Promise<OrderStatus> {
  return moveOnce(tx, { ...change, action: 'send_report' }, 'report_printed');
}

async function moveOnce(tx: Tx, change: StatusChange, movesFrom: OrderStatus): Promise<OrderStatus> {
  const [row] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.orderId, change.orderId))
    .for('update');
  if (!row) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
  if (!isOrderStatus(row.status)) throw new AppError('INTERNAL');
  if (row.status === movesFrom) return (await changeOrderStatus(tx, change)).to;
  const step = checkTransition(row.status, change.action);
  if (!step.ok) throw new AppError('ILLEGAL_TRANSITION', step.msg);
  return row.status;
}

/**
 * A move nobody logged in makes (the self-print kiosk's first print of a report): logged and
 * audited as the kiosk. order_status_log.user_id and audit_log.user_id are nullable for this.
 */
export function changeOrderStatusAtKiosk(tx: Tx, change: Omit<StatusChange, 'userId' | 'userAccount'>) {
  return changeOrderStatus(tx, { ...change, userId: null as unknown as number, userAccount: 'kiosk' });
}
