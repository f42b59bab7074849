import { and, eq, ne } from 'drizzle-orm';
import { AppError, type OrderStatus } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { customers, orders, reportHandovers } from '../../db/schema.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Pick<Db, 'select'>;

/** 终审 passed: the report exists (printed or not). */
export const FINAL_REVIEWED: readonly OrderStatus[] = ['final_trial', 'report_printed', 'report_sent'];

/** The visit's row, locked for this transaction, with the examinee's name and sealed phone. */
export async function lockVisit(tx: Tx, orderId: string) {
  const [visit] = await tx
    .select({
      orderId: orders.orderId,
      status: orders.status,
      custName: customers.custName,
      phoneEnc: customers.phoneEnc,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.orderId, orderId))
    .for('update', { of: orders });
  if (!visit) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
  return visit;
}

/** The visit's handover that is not revoked, if any (at most one: report_handovers_live_order_idx). */
export async function liveHandover(db: Reader, orderId: string) {
  const [row] = await db
    .select()
    .from(reportHandovers)
    .where(and(eq(reportHandovers.orderId, orderId), ne(reportHandovers.state, 'revoked')));
  return row ?? null;
}

/** The live handover, which must still wait at the desk (not collected) for `doing`. */
export async function handoverAtDesk(db: Reader, orderId: string, doing: string) {
  const handover = await liveHandover(db, orderId);
  if (!handover) throw new AppError('ILLEGAL_TRANSITION', `报告尚未交接到报告室，不能${doing}`);
  if (handover.state === 'out') throw new AppError('ILLEGAL_TRANSITION', `报告已领取，不能${doing}`);
  return handover;
}

/** A time the user gave, or now. */
export const timeOr = (given: string | undefined, now: Date) => (given ? new Date(given) : now);
