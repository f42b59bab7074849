import { and, eq, ne, sql } from 'drizzle-orm';
import type { UserInfo } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { orderDepts, orderExceptions } from '../../db/schema.js';
import { assertNotLockedByOther, deptLockKey } from '../locks/record-locks.js';
import { orderInDept } from './dept-view-repository.js';

/**
 * set_dept_exception: marking a department abnormal raises an unhandled department exception with
 * its reason (spec §3 exception history); clearing it moves the department's open exceptions to
 * handled ('2', spec §4) with the clearing note. One transaction.
 */
export async function setDeptException(
  db: Db,
  q: { orderId: string; deptId: number; flag: '0' | '1'; reason: string },
  user: UserInfo,
) {
  await assertNotLockedByOther(db, { type: 'dept_diag', key: deptLockKey(q.orderId, q.deptId) }, user.id);
  const head = await orderInDept(db, q.orderId, q.deptId);
  await db.transaction(async (tx) => {
    await tx
      .update(orderDepts)
      .set({ deptExceptionFlag: q.flag })
      .where(and(eq(orderDepts.orderId, q.orderId), eq(orderDepts.deptId, q.deptId)));
    if (q.flag === '1') {
      await tx.insert(orderExceptions).values({
        orderId: q.orderId,
        exceptionType: 'dept',
        reviewException: q.reason,
        exceptionDept: head.deptName,
        deptId: q.deptId,
        exceptionUser: user.user_name,
      });
      return;
    }
    await tx
      .update(orderExceptions)
      .set({
        reviewExceptionFlag: '2',
        reviewAdvise: q.reason,
        exceptionHandlerName: user.user_name,
        exceptionHandlerTime: sql`now()`,
      })
      .where(
        and(
          eq(orderExceptions.orderId, q.orderId),
          eq(orderExceptions.exceptionType, 'dept'),
          eq(orderExceptions.deptId, q.deptId),
          ne(orderExceptions.reviewExceptionFlag, '2'),
        ),
      );
  });
  return { order_id: q.orderId, exam_dept_id: q.deptId, dept_exception_flag: q.flag };
}
