import { count, eq } from 'drizzle-orm';
import { AppError } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { orders, reportPrints } from '../../db/schema.js';
import { assertNoOpenException } from '../orders/open-exceptions.js';
import { markReportPrinted } from '../orders/order-status-service.js';
import { assertNotBanned } from '../orders/order-ban.js';
import { assertReportReady } from './report-pdf.js';

export interface PrintActor {
  userId: number;
  userAccount: string;
  ip?: string;
}

/** How a staff print is known: the print service confirmed it, or the user marked it printed by hand. */
export type StaffPrintSource = 'staff' | 'marked';

/**
 * Records one print of a visit's report by staff: the report_prints row, and on the first print the
 * order's move to report_printed — together, so a refused move leaves no print behind.
 */
export async function recordStaffPrint(db: Db, orderId: string, actor: PrintActor, source: StaffPrintSource = 'staff') {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.orderId, orderId));
    if (!row) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
    await assertNotBanned(tx, orderId);
    assertReportReady(row.status);
    await assertNoOpenException(tx, orderId, '打印');
    await tx.insert(reportPrints).values({ orderId, source, operatorId: actor.userId });
    const status = await markReportPrinted(tx, { orderId, ...actor });
    const [printed] = await tx.select({ n: count() }).from(reportPrints).where(eq(reportPrints.orderId, orderId));
    return { order_id: orderId, status, print_count: printed?.n ?? 0 };
  });
}

/** Whether a visit's report may go to the printer now: final-reviewed, and not an abnormal report. */
export async function assertPrintable(db: Db, orderId: string): Promise<void> {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.orderId, orderId));
  if (!row) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
  await assertNotBanned(db, orderId);
  assertReportReady(row.status);
  await assertNoOpenException(db, orderId, '打印');
}
