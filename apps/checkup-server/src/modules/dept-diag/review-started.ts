import { and, eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { orders, recordLocks, reviews } from '../../db/schema.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The visit still in the departments' hands: after these, 总检 has the visit. */
const IN_DEPARTMENTS: ReadonlySet<OrderStatus> = new Set([
  'prepared',
  'registered',
  'checked_in',
  'in_exam',
  'depts_done',
]);

/**
 * Issue 19: 总检 has started once a chief examiner holds the visit's review open (a live exam_review
 * lock), has saved a conclusion, or the visit has passed 初审 (now or before a return to the
 * departments, which leaves its reviews row). From then on the departments' part is frozen:
 * no 反审核, no 科室加项.
 */
export async function reviewHasStarted(tx: Tx, orderId: string, status: OrderStatus): Promise<boolean> {
  if (!IN_DEPARTMENTS.has(status)) return true;
  const [order] = await tx.select({ conclusion: orders.conclusion }).from(orders).where(eq(orders.orderId, orderId));
  if (order?.conclusion?.trim()) return true;
  const [passed] = await tx
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.orderId, orderId), eq(reviews.result, 'pass')))
    .limit(1);
  if (passed) return true;
  const [lock] = await tx
    .select({ key: recordLocks.lockKey })
    .from(recordLocks)
    .where(
      and(
        eq(recordLocks.lockType, 'exam_review'),
        eq(recordLocks.lockKey, orderId),
        sql`${recordLocks.expiresAt} > now()`,
      ),
    );
  return lock !== undefined;
}
