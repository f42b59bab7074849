import { and, eq, ne, sql } from 'drizzle-orm';
import { AppError, ORDER_STATUS_LABELS, isOrderStatus, type OrderStatus, type UserInfo } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { orderDepts, orders, workGroups } from '../../db/schema.js';
import { assertNotLockedByOther, deptLockKey } from '../locks/record-locks.js';
import { todayCst } from '../../lib/hospital-day.js';
import { changeOrderStatus } from '../orders/order-status-service.js';
import { assertNotBanned } from '../orders/order-ban.js';
import { queueChanged } from '../queue/queue-signal.js';
import { blankItems } from './dept-view-repository.js';
import { syncQueuesIn } from '../queue/queue-sync.js';

const SIGNABLE: ReadonlySet<OrderStatus> = new Set(['checked_in', 'in_exam']);

/**
 * A department doctor signs the department's part of a visit (order_dept_sign). The first
 * signature starts the exam; the last one finishes the departments; the examinee leaves the
 * department's queue. One transaction.
 */
export async function signDept(db: Db, orderId: string, deptId: number, user: UserInfo, ip: string) {
  await assertNotLockedByOther(db, { type: 'dept_diag', key: deptLockKey(orderId, deptId) }, user.id);
  const status = await db.transaction(async (tx) => {
    await assertNotBanned(tx, orderId);
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.orderId, orderId));
    if (!order || !isOrderStatus(order.status)) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
    if (!SIGNABLE.has(order.status)) {
      throw new AppError('ILLEGAL_TRANSITION', `订单当前状态为「${ORDER_STATUS_LABELS[order.status]}」，不能科室签名`);
    }
    const [dept] = await tx
      .select({ status: orderDepts.status })
      .from(orderDepts)
      .where(and(eq(orderDepts.orderId, orderId), eq(orderDepts.deptId, deptId)))
      .for('update');
    if (!dept) throw new AppError('RECORD_NOT_FOUND', '该体检者没有本科室的检查项目');
    if (dept.status === '0') throw new AppError('ILLEGAL_TRANSITION', '请先录入本科室的检查结果再签名');
    // Issue 19: no signature over blank items of a line done today (弃检 items are not blank).
    const blank = await blankItems(tx, orderId, deptId);
    if (blank.length > 0) {
      throw new AppError('ILLEGAL_TRANSITION', `以下项目尚未录入结果：${blank.join('、')}`);
    }

    const change = { orderId, userId: user.id, userAccount: user.user_account, ip };
    if (order.status === 'checked_in') await changeOrderStatus(tx, { ...change, action: 'start_exam' });
    await tx
      .update(orderDepts)
      .set({ status: '2', signUserId: user.id, signedAt: sql`now()` })
      .where(and(eq(orderDepts.orderId, orderId), eq(orderDepts.deptId, deptId)));
    await syncQueuesIn(tx, todayCst(), { orderId, deptId });
    const [unsigned] = await tx
      .select({ deptId: orderDepts.deptId })
      .from(orderDepts)
      .where(and(eq(orderDepts.orderId, orderId), ne(orderDepts.status, '2')))
      .limit(1);
    if (!unsigned) return (await changeOrderStatus(tx, { ...change, action: 'finish_depts' })).to;
    return 'in_exam' as const;
  });
  queueChanged(db);
  return status;
}

/** An imaging work group signs its images of a department (order_imaging_dept_sign). */
export async function signImaging(db: Db, orderId: string, deptId: number, workGroupId: number, user: UserInfo) {
  const [group] = await db
    .select({ deptId: workGroups.deptId, isImaging: workGroups.isImaging })
    .from(workGroups)
    .where(eq(workGroups.id, workGroupId));
  if (!group || group.deptId !== deptId || !group.isImaging) {
    throw new AppError('VALIDATION', '该工作组不是本科室的影像工作组');
  }
  await assertNotLockedByOther(db, { type: 'dept_diag', key: deptLockKey(orderId, deptId) }, user.id);
  await assertNotBanned(db, orderId);
  const signed = await db
    .update(orderDepts)
    .set({ imagingSignUserId: user.id, imagingSignedAt: sql`now()` })
    .where(and(eq(orderDepts.orderId, orderId), eq(orderDepts.deptId, deptId)))
    .returning({ orderId: orderDepts.orderId });
  if (signed.length === 0) throw new AppError('RECORD_NOT_FOUND', '该体检者没有本科室的检查项目');
}
