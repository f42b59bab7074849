import { and, eq, ne, sql } from 'drizzle-orm';
import { AppError, type UserInfo } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { orderDepts, orderExceptions, orders } from '../../db/schema.js';
import { assertNotLockedByOther } from '../locks/record-locks.js';

const reviewLock = (orderId: string) => ({ type: 'exam_review' as const, key: orderId });

async function assertOrder(db: Pick<Db, 'select'>, orderId: string) {
  const [row] = await db.select({ id: orders.orderId }).from(orders).where(eq(orders.orderId, orderId));
  if (!row) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
}

/** set_review_exception: a chief-examination exception (spec §3 review_exception_flag 1) with its reason. */
export async function setReviewException(db: Db, orderId: string, reason: string, user: UserInfo) {
  await assertNotLockedByOther(db, reviewLock(orderId), user.id);
  await assertOrder(db, orderId);
  await db.insert(orderExceptions).values({
    orderId,
    exceptionType: 'review',
    reviewException: reason,
    exceptionDept: '总检',
    exceptionUser: user.user_name,
  });
}

/** handle_exception: one exception of the visit moves to handled ('2', spec §4) with the handling note. */
export async function handleException(db: Db, q: { orderId: string; id: number; advise: string }, user: UserInfo) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orderExceptions)
      .where(and(eq(orderExceptions.id, q.id), eq(orderExceptions.orderId, q.orderId)))
      .for('update');
    if (!row) throw new AppError('RECORD_NOT_FOUND', '异常记录不存在');
    if (row.reviewExceptionFlag === '2') throw new AppError('ILLEGAL_TRANSITION', '该异常已处理');
    await tx
      .update(orderExceptions)
      .set({
        reviewExceptionFlag: '2',
        reviewAdvise: q.advise,
        exceptionHandlerName: user.user_name,
        exceptionHandlerTime: sql`now()`,
      })
      .where(eq(orderExceptions.id, q.id));
    // A department is abnormal while it has an unhandled exception.
    if (row.exceptionType === 'dept' && row.deptId !== null) {
      const [open] = await tx
        .select({ id: orderExceptions.id })
        .from(orderExceptions)
        .where(
          and(
            eq(orderExceptions.orderId, q.orderId),
            eq(orderExceptions.deptId, row.deptId),
            ne(orderExceptions.reviewExceptionFlag, '2'),
          ),
        )
        .limit(1);
      if (!open) {
        await tx
          .update(orderDepts)
          .set({ deptExceptionFlag: '0' })
          .where(and(eq(orderDepts.orderId, q.orderId), eq(orderDepts.deptId, row.deptId)));
      }
    }
  });
}

/**
 * recall_abnormal (spec §4): recalling the abnormal-report status restores the record so the report
 * can be printed — every unhandled exception, department or chief-examination, is handled with the
 * recall's reason, and the departments' abnormal flags are cleared. One transaction.
 */
export async function recallAbnormal(db: Db, orderId: string, reason: string, user: UserInfo) {
  await assertNotLockedByOther(db, reviewLock(orderId), user.id);
  await assertOrder(db, orderId);
  return db.transaction(async (tx) => {
    const handled = await tx
      .update(orderExceptions)
      .set({
        reviewExceptionFlag: '2',
        reviewAdvise: `撤回异常：${reason}`,
        exceptionHandlerName: user.user_name,
        exceptionHandlerTime: sql`now()`,
      })
      .where(and(eq(orderExceptions.orderId, orderId), ne(orderExceptions.reviewExceptionFlag, '2')))
      .returning({ id: orderExceptions.id });
    if (handled.length === 0) throw new AppError('ILLEGAL_TRANSITION', '该订单没有未处理的异常，无需撤回');
    await tx.update(orderDepts).set({ deptExceptionFlag: '0' }).where(eq(orderDepts.orderId, orderId));
    return handled.length;
  });
}
