import { eq } from 'drizzle-orm';
import { AppError, isReportPrinted, type UserInfo } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { auditLog, orders, reportReviews } from '../../db/schema.js';
import { assertNotLockedByOther } from '../locks/record-locks.js';
import { reportStateOf } from './report-state.js';
import { assertNotBanned } from '../orders/order-ban.js';

export interface ReportVerdict {
  orderId: string;
  result: 'pass' | 'reject';
  reason?: string;
}

/**
 * The check of a printed report (rpt_examine): passed, or rejected with a reason so it is printed
 * again. Only a printed report is checked, and not while another reviewer holds it open.
 */
export async function reviewReport(db: Db, verdict: ReportVerdict, user: UserInfo, ip?: string) {
  await assertNotLockedByOther(db, { type: 'report_review', key: verdict.orderId }, user.id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ orderId: orders.orderId })
      .from(orders)
      .where(eq(orders.orderId, verdict.orderId))
      .for('update');
    if (!row) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
    await assertNotBanned(tx, verdict.orderId);
    const state = await reportStateOf(tx, verdict.orderId);
    if (!state || !isReportPrinted(state)) throw new AppError('ILLEGAL_TRANSITION', '报告尚未打印，不能审核');
    await tx.insert(reportReviews).values({
      orderId: verdict.orderId,
      result: verdict.result,
      reason: verdict.reason ?? null,
      reviewerId: user.id,
      reviewerName: user.user_name,
    });
    await tx.insert(auditLog).values({
      action: 'report_review',
      userId: user.id,
      userAccount: user.user_account,
      target: verdict.orderId,
      detail: { result: verdict.result, reason: verdict.reason ?? null },
      ip: ip ?? null,
    });
    return { order_id: verdict.orderId, result: verdict.result };
  });
}
