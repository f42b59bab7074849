import { count, eq } from 'drizzle-orm';
import { AppError, type SelfPrintReport } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { orders, reportPrints } from '../../db/schema.js';
import { changeOrderStatusAtKiosk } from '../orders/order-status-service.js';
import { banReasonOf } from '../orders/order-ban.js';
import { ownPrintableOrder } from './selfprint-repository.js';
import { assertReportReleasable } from '../cashier/money-state.js';

export const NOT_OWN_REPORT = '未找到您的这份体检报告，请重新刷身份证';
export const BANNED_AT_KIOSK = '这份体检报告暂不能自助打印，请到服务台咨询工作人员';

/** The visit when it is the ticket holder's own and its final review passed; refused otherwise. */
export async function assertOwnReport(db: Db, customerId: number, orderId: string) {
  const order = await ownPrintableOrder(db, customerId, orderId);
  if (!order) throw new AppError('RECORD_NOT_FOUND', NOT_OWN_REPORT);
  // 禁检 (issue 19): the reason is for staff; the examinee is sent to the desk.
  if ((await banReasonOf(db, orderId)) !== null) throw new AppError('ILLEGAL_TRANSITION', BANNED_AT_KIOSK);
  // 0140 暂缓发放 (issue 23): an unpaid 自费 balance holds the report back, with the amount to pay.
  await assertReportReleasable(db, orderId);
  return order;
}

/**
 * One print at the kiosk: the report_prints row (source kiosk), and on the first print of the
 * report the order's move to report_printed, in one transaction; later prints only add their row.
 */
export async function recordKioskPrint(db: Db, customerId: number, orderId: string, ip?: string) {
  await assertOwnReport(db, customerId, orderId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.orderId, orderId))
      .for('update');
    let status = row!.status as SelfPrintReport['status'];
    await tx.insert(reportPrints).values({ orderId, source: 'kiosk', operatorId: null });
    if (status === 'final_trial') {
      ({ to: status } = (await changeOrderStatusAtKiosk(tx, { orderId, action: 'print_report', ip })) as {
        to: SelfPrintReport['status'];
      });
    }
    const [printed] = await tx.select({ n: count() }).from(reportPrints).where(eq(reportPrints.orderId, orderId));
    return { order_id: orderId, status, print_count: printed?.n ?? 0 };
  });
}
