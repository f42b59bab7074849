import { sql } from 'drizzle-orm';
import { AppError } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';

type Reader = Pick<Db, 'execute'>;

const openExceptionOf = (orderId: unknown) =>
  sql`exists (select 1 from order_exceptions e where e.order_id = ${orderId} and e.review_exception_flag <> '2')`;

/** '1' while any exception of the visit, department or chief-examination, is unhandled (spec §3). */
export const openExceptionFlag = sql<'0' | '1'>`case when ${openExceptionOf(orders.orderId)} then '1' else '0' end`;

/** The visit is not one with an unhandled exception: as a condition on orders. */
export const withoutOpenException = sql`not ${openExceptionOf(orders.orderId)}`;

export async function hasOpenException(db: Reader, orderId: string): Promise<boolean> {
  const result = await db.execute(sql`select ${openExceptionOf(orderId)} as open`);
  return (result as unknown as { rows: { open: boolean }[] }).rows[0]?.open === true;
}

/**
 * Spec §3: a report with an unhandled exception is an abnormal report; it is neither printed nor
 * sent until the exception is handled, or the abnormal-report status recalled (总检审核).
 */
export const abnormalReportMessage = (action: '打印' | '发送') =>
  `该体检报告有未处理的异常，请处理或撤回异常后再${action}`;

export async function assertNoOpenException(db: Reader, orderId: string, action: '打印' | '发送'): Promise<void> {
  if (await hasOpenException(db, orderId)) throw new AppError('ILLEGAL_TRANSITION', abnormalReportMessage(action));
}
