import { and, eq } from 'drizzle-orm';
import { AppError, UNSIGN_MESSAGES, isOrderStatus, type OrderStatus, type UserInfo } from '@checkup/api-contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { auditLog, orderDepts, orders } from '../../db/schema.js';
import { todayCst } from '../../lib/hospital-day.js';
import { worksIn } from '../access/dept-scope.js';
import { refuseAccess } from '../access/refusal.js';
import { assertNotLockedByOther, deptLockKey } from '../locks/record-locks.js';
import { changeOrderStatus } from '../orders/order-status-service.js';
import { queueChanged } from '../queue/queue-signal.js';
import { syncQueuesIn } from '../queue/queue-sync.js';
import { reviewHasStarted } from './review-started.js';

export interface UnsignInput {
  orderId: string;
  deptId: number;
  reason: string;
}

/**
 * 反审核 (issue 19): the doctor who signed a department, or a leader of that department, takes the
 * signature back before 总检 starts. The department is back to "results entered" with the signer
 * cleared, a visit that had finished its departments is back in exam, and the audit keeps the reason
 * and the signature taken back. One transaction.
 *
 * Queues: signing took the examinee out of the department's queue; the examinee has been examined,
 * so un-signing does not call them back — syncQueuesIn enrols only departments still waiting ('0').
 */
export async function unsignDept(
  db: Db,
  request: FastifyRequest,
  input: UnsignInput,
  user: UserInfo,
): Promise<OrderStatus> {
  const { orderId, deptId } = input;
  const ip = request.ip;
  await assertNotLockedByOther(db, { type: 'dept_diag', key: deptLockKey(orderId, deptId) }, user.id);
  const mayLead = user.leader && (await worksIn(db, user, deptId));
  // Refused before anything is written, with the access audit row every row-level refusal leaves.
  const [signed] = await db
    .select({ status: orderDepts.status, signUserId: orderDepts.signUserId })
    .from(orderDepts)
    .where(and(eq(orderDepts.orderId, orderId), eq(orderDepts.deptId, deptId)));
  if (signed?.status === '2' && signed.signUserId !== user.id && !mayLead) {
    await refuseAccess(db, request, user, {
      target: `${orderId}:${deptId}`,
      rule: 'dept_unsign',
      msg: UNSIGN_MESSAGES.notAllowed,
    });
  }
  const status = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.orderId, orderId))
      .for('update');
    if (!order || !isOrderStatus(order.status)) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
    const [dept] = await tx
      .select({ status: orderDepts.status, signUserId: orderDepts.signUserId, signedAt: orderDepts.signedAt })
      .from(orderDepts)
      .where(and(eq(orderDepts.orderId, orderId), eq(orderDepts.deptId, deptId)))
      .for('update');
    if (!dept) throw new AppError('RECORD_NOT_FOUND', '该订单没有本科室的检查项目');
    if (dept.status !== '2') throw new AppError('ILLEGAL_TRANSITION', UNSIGN_MESSAGES.notSigned);
    if (dept.signUserId !== user.id && !mayLead) throw new AppError('FORBIDDEN', UNSIGN_MESSAGES.notAllowed);
    if (await reviewHasStarted(tx, orderId, order.status)) {
      throw new AppError('ILLEGAL_TRANSITION', UNSIGN_MESSAGES.reviewStarted);
    }

    await tx
      .update(orderDepts)
      .set({ status: '1', signUserId: null, signedAt: null })
      .where(and(eq(orderDepts.orderId, orderId), eq(orderDepts.deptId, deptId)));
    const change = { orderId, userId: user.id, userAccount: user.user_account, reason: input.reason, ip };
    const after =
      order.status === 'depts_done'
        ? (await changeOrderStatus(tx, { ...change, action: 'unsign_dept' })).to
        : order.status;
    await tx.insert(auditLog).values({
      action: 'dept_unsign',
      userId: user.id,
      userAccount: user.user_account,
      target: orderId,
      detail: {
        dept_id: deptId,
        reason: input.reason,
        signed_by: dept.signUserId,
        signed_at: dept.signedAt?.toISOString() ?? null,
        as: dept.signUserId === user.id ? 'signer' : 'leader',
        order_status: { from: order.status, to: after },
      },
      ip,
    });
    await syncQueuesIn(tx, todayCst(), { orderId, deptId });
    return after;
  });
  queueChanged(db);
  return status;
}
