import { eq } from 'drizzle-orm';
import {
  bannedMessage,
  AppError,
  DELIVERY_METHOD_LABELS,
  isValidMobile,
  type DeliveryMethod,
  type OrderStatus,
  type ReportState,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { customers, orders, reportDeliveries } from '../../db/schema.js';
import { abnormalReportMessage, hasOpenException } from '../orders/open-exceptions.js';
import type { PersonalData } from '../people/personal-data.js';
import { markReportSent } from '../orders/order-status-service.js';
import { banReasonOf } from '../orders/order-ban.js';
import { reportStateOf } from './report-state.js';
import { maskedDestination, recordInterfaceError, resolveInterfaceErrors } from '../interface-errors/recorder.js';
import type { ReportTransport } from './report-transport.js';

export interface DeliveryRequest {
  method: DeliveryMethod;
  recipient?: string;
  destination?: string;
  trackingNo?: string;
}

export interface DeliveryOutcome {
  order_id: string;
  ok: boolean;
  message: string;
  status: OrderStatus | null;
}

/** Where reports go out and what they are written down with. */
export interface DeliveryDeps {
  db: Db;
  personalData: PersonalData;
  transport: ReportTransport;
}

interface Examinee {
  custName: string;
  phone: string | null;
  status: string;
}

async function examineeOf(db: Db, personalData: PersonalData, orderId: string): Promise<Examinee | undefined> {
  const [row] = await db
    .select({ custName: customers.custName, phoneEnc: customers.phoneEnc, status: orders.status })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.orderId, orderId));
  return row && { ...row, phone: personalData.openOrNull('customers.phone', row.phoneEnc) };
}

/** Why a report in this state is not sent; a checked report (to_send) or a sent one (again) is. */
const SEND_REFUSALS: Record<ReportState, string | null> = {
  to_print: '报告尚未打印，不能发送',
  to_review: '报告尚未审核通过，不能发送',
  rejected: '报告审核未通过，请重新打印后再审核',
  to_send: null,
  sent: null,
};

/** Who and where one delivery goes: SMS falls back to the examinee's own mobile, and names to the examinee. */
function addressOf(request: DeliveryRequest, examinee: Examinee) {
  const recipient = request.recipient ?? examinee.custName;
  if (request.method === 'sms') return { recipient, destination: request.destination ?? examinee.phone };
  if (request.method === 'mail') return { recipient, destination: request.destination ?? null };
  if (request.method === 'email') return { recipient, destination: request.destination ?? null };
  return { recipient, destination: null };
}

/**
 * Sends or hands over one visit's report (send_rpt, new_send): SMS and e-mail go through the
 * transport, pickup and mail are recorded as done. The delivery row and the move to report_sent are
 * written together; a transport failure is recorded as failed and the order stays where it is.
 */
export async function deliverReport(
  { db, personalData, transport }: DeliveryDeps,
  orderId: string,
  request: DeliveryRequest,
  actor: { user: UserInfo; ip?: string },
): Promise<DeliveryOutcome> {
  const refuse = (message: string): DeliveryOutcome => ({ order_id: orderId, ok: false, message, status: null });
  const examinee = await examineeOf(db, personalData, orderId);
  if (!examinee) return refuse('体检订单不存在');
  const banned = await banReasonOf(db, orderId);
  if (banned !== null) return refuse(bannedMessage(banned));
  const notSendable = SEND_REFUSALS[(await reportStateOf(db, orderId)) ?? 'to_print'];
  if (notSendable) return refuse(notSendable);
  if (await hasOpenException(db, orderId)) return refuse(abnormalReportMessage('发送'));
  const { recipient, destination } = addressOf(request, examinee);
  if (request.method === 'sms' && !destination) return refuse('体检者没有登记手机号，请填写手机号');
  if (request.method === 'sms' && !isValidMobile(destination!))
    return refuse('体检者登记的电话不是手机号，请填写手机号');

  let sent = { ok: true, detail: request.method === 'mail' ? `运单号：${request.trackingNo}` : '已当面领取' };
  if (request.method === 'sms' || request.method === 'email') {
    try {
      sent = await transport.send({ orderId, method: request.method, recipient, destination: destination! });
    } catch {
      sent = { ok: false, detail: `${DELIVERY_METHOD_LABELS[request.method]}发送通道不可用` };
    }
    // 接口错误日志 (issue 21): sent again from 报告发送, which closes the row.
    const subject = `report_delivery:${orderId}:${request.method}`;
    if (sent.ok) await resolveInterfaceErrors(db, subject);
    else
      await recordInterfaceError(db, {
        system: request.method,
        callName: request.method === 'sms' ? '报告短信发送' : '报告电子邮件发送',
        subject,
        request: `体检号${orderId}，${maskedDestination(recipient, destination!)}`,
        response: sent.detail,
      });
  }
  return db.transaction(async (tx) => {
    await tx.insert(reportDeliveries).values({
      orderId,
      method: request.method,
      recipient,
      destinationEnc: personalData.sealOrNull('report_deliveries.destination', destination),
      status: sent.ok ? 'sent' : 'failed',
      detail: sent.detail,
      operatorId: actor.user.id,
    });
    if (!sent.ok) return { order_id: orderId, ok: false, message: sent.detail, status: examinee.status as OrderStatus };
    const status = await markReportSent(tx, {
      orderId,
      userId: actor.user.id,
      userAccount: actor.user.user_account,
      ip: actor.ip,
    });
    return {
      order_id: orderId,
      ok: true,
      message: `${DELIVERY_METHOD_LABELS[request.method]}：${sent.detail}`,
      status,
    };
  });
}

/** Each visit in turn; one visit's refusal does not stop the others (new_send). */
export async function deliverReports(
  deps: DeliveryDeps,
  orderIds: string[],
  request: DeliveryRequest,
  actor: { user: UserInfo; ip?: string },
  /** The caller's check that the user may see this examinee (spec §5); a refusal fails that visit only. */
  mayDeliver: (orderId: string) => Promise<void>,
) {
  const results: DeliveryOutcome[] = [];
  for (const orderId of new Set(orderIds)) {
    try {
      await mayDeliver(orderId);
      results.push(await deliverReport(deps, orderId, request, actor));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ order_id: orderId, ok: false, message: error.message, status: null });
    }
  }
  return { total: results.length, success: results.filter((r) => r.ok).length, results };
}
