import { and, count, eq } from 'drizzle-orm';
import { AppError, BATCH_SKIP_REASONS, bannedMessage, type BatchSkipReason } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { orderUnions, orders } from '../../db/schema.js';

type Reader = Pick<Db, 'select'>;

export interface EntryRefusal {
  code: BatchSkipReason;
  msg: string;
}

/**
 * Issue 19: whether a department may take up a visit at all — not before the examinee checked in, not
 * while the visit is banned (禁检, with its reason), not when the visit has no line of the department.
 * Null when it may; the department entry, its lock, its save and sign, and 批量诊断 all ask here.
 */
export async function entryRefusal(db: Reader, orderId: string, deptId: number): Promise<EntryRefusal | null> {
  const [order] = await db
    .select({ status: orders.status, bannedAt: orders.bannedAt, banReason: orders.banReason })
    .from(orders)
    .where(eq(orders.orderId, orderId));
  if (!order) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
  if (order.bannedAt !== null) {
    return { code: 'banned', msg: bannedMessage(order.banReason) };
  }
  if (order.status === 'prepared') return { code: 'not_registered', msg: '该体检者尚未登记，不能录入' };
  if (order.status === 'registered') return { code: 'not_checked_in', msg: '该体检者尚未报到，不能录入' };
  const [lines] = await db
    .select({ n: count() })
    .from(orderUnions)
    .where(and(eq(orderUnions.orderId, orderId), eq(orderUnions.deptId, deptId)));
  if ((lines?.n ?? 0) === 0) return { code: 'no_items', msg: '该体检者没有本科室的检查项目' };
  return null;
}

/**
 * The same, as a refusal the caller answers with (409, the message shown by the screen). The record
 * lock asks with `lines: false`: it is not taken for a visit entry refuses, and stays what it was for
 * the rest.
 */
export async function assertEnterable(db: Reader, orderId: string, deptId: number, opts = { lines: true }) {
  const refusal = await entryRefusal(db, orderId, deptId);
  if (refusal && (opts.lines || refusal.code !== 'no_items'))
    throw new AppError(refusal.code === 'no_items' ? 'RECORD_NOT_FOUND' : 'ILLEGAL_TRANSITION', refusal.msg);
}

export const skipLabel = (code: BatchSkipReason) => BATCH_SKIP_REASONS[code];
