import { and, eq, ne } from 'drizzle-orm';
import { MUST_BE_RECORDED, type OrderStatus, type UserInfo } from '@checkup/api-contract';
import { orderDepts, orderUnions } from '../../db/schema.js';
import { todayCst } from '../../lib/hospital-day.js';
import { changeOrderStatus } from '../orders/order-status-service.js';
import { enqueueDept } from '../queue/queue-service.js';
import { QUEUEABLE_STATUSES, lockQueueNumbers, syncQueuesIn, type Tx } from '../queue/queue-sync.js';

export interface DeptProgressChange {
  orderId: string;
  /** The visit's status before the change (its row is locked by the caller). */
  status: OrderStatus;
  examDate: string;
  deptId: number;
  /** 补检: the day the department is to see the examinee again. */
  makeupDate?: string;
  user: UserInfo;
  ip: string;
  /** Written with a status move this causes, e.g. 弃检：心电图. */
  why: string;
}

/**
 * After a line's state changed: a department with no line left to record (all waived, deferred or
 * refused) no longer waits for the examinee — its order_depts row goes, as when registration removes
 * a department's last union — and the visit finishes its departments if that was the last one; a
 * department with a line to record again (补检, 撤销) waits again, on the make-up day, and a visit
 * whose departments were done goes back to them. Queues follow (a department back today queues the
 * examinee again). Runs in the caller's transaction.
 */
export async function syncDeptProgress(tx: Tx, change: DeptProgressChange): Promise<void> {
  const lines = await tx
    .select({ status: orderUnions.status })
    .from(orderUnions)
    .where(and(eq(orderUnions.orderId, change.orderId), eq(orderUnions.deptId, change.deptId)));
  const waits = lines.some((line) => MUST_BE_RECORDED.has(line.status));
  const [dept] = await tx
    .select({ status: orderDepts.status })
    .from(orderDepts)
    .where(and(eq(orderDepts.orderId, change.orderId), eq(orderDepts.deptId, change.deptId)))
    .for('update');
  const statusChange = {
    orderId: change.orderId,
    userId: change.user.id,
    userAccount: change.user.user_account,
    ip: change.ip,
    reason: change.why,
  };
  let status = change.status;

  if (!waits && dept && dept.status !== '2') {
    await tx
      .delete(orderDepts)
      .where(and(eq(orderDepts.orderId, change.orderId), eq(orderDepts.deptId, change.deptId)));
    if (change.status === 'in_exam') {
      const [unsigned] = await tx
        .select({ deptId: orderDepts.deptId })
        .from(orderDepts)
        .where(and(eq(orderDepts.orderId, change.orderId), ne(orderDepts.status, '2')))
        .limit(1);
      if (!unsigned) status = (await changeOrderStatus(tx, { ...statusChange, action: 'finish_depts' })).to;
    }
  }
  if (waits && !dept) {
    // A make-up visit is on the worklist of its day; a line simply undone stays on the exam day.
    const day = change.makeupDate && change.makeupDate > change.examDate ? change.makeupDate : change.examDate;
    await tx.insert(orderDepts).values({ orderId: change.orderId, deptId: change.deptId, examDate: day, status: '0' });
    if (status === 'depts_done') {
      status = (await changeOrderStatus(tx, { ...statusChange, action: 'return_to_depts' })).to;
    }
    // Back today: the examinee queues there again, even where a finished entry of the day exists.
    if (day === todayCst() && (status === 'checked_in' || status === 'in_exam')) {
      await lockQueueNumbers(tx);
      await enqueueDept(tx, day, change.orderId, change.deptId, change.user.id);
    }
  }
  if (QUEUEABLE_STATUSES.has(status)) await syncQueuesIn(tx, todayCst(), { orderId: change.orderId });
}
