import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { AppError, INVOICE_MESSAGES, moneyText, type UserInfo } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { companies, groupOrders, invoices } from '../../db/schema.js';
import { recordAudit } from '../audit/repository.js';
import { configuredHis } from '../exam-cfg/his-sync.js';
import { recordInterfaceError } from '../interface-errors/recorder.js';
import { groupInvoicedFen, orderAmountFen } from './application-rows.js';
import { invoiceRowOf } from './invoice-rows.js';

/** What is sent to the HIS: the group bill not yet invoiced (breadth §3.2 his_group_invoice). */
export interface HisBill {
  orderNo: string;
  companyName: string;
  amount: string;
}

/**
 * A hospital's invoicing call, plugged in by the HIS interface named in parameter 0130 (its
 * interface_name); the HIS answers the invoice number. None ships with the system.
 */
export interface HisInvoicing {
  name: string;
  issue(bill: HisBill): Promise<{ invoiceNo: string }>;
}

const adapters = new Map<string, HisInvoicing>();

/** Plugs in a HIS's invoicing (a hospital's interface package calls this at start-up). */
export function registerHisInvoicing(adapter: HisInvoicing) {
  adapters.set(adapter.name, adapter);
}

/** The configured HIS's invoicing, or null: no HIS, or a HIS without invoicing plugged in. */
export async function hisInvoicingOf(db: Db) {
  const his = await configuredHis(db);
  return his ? (adapters.get(his.interface_name) ?? null) : null;
}

export async function hisInvoiceStatus(db: Db) {
  const adapter = await hisInvoicingOf(db);
  return {
    configured: adapter !== null,
    interface_name: adapter?.name ?? null,
    message: adapter ? null : INVOICE_MESSAGES.hisNotConfigured,
  };
}

/**
 * 推送HIS开票: the order's amount not yet invoiced goes to the HIS; the number it answers is written
 * as a group invoice. A failed call is logged in 接口错误日志 and nothing is written.
 */
export async function pushToHis(db: Db, groupOrderId: number, user: UserInfo, request: FastifyRequest) {
  const adapter = await hisInvoicingOf(db);
  if (!adapter) throw new AppError('ILLEGAL_TRANSITION', INVOICE_MESSAGES.hisNotConfigured);
  const [order] = await db
    .select({
      id: groupOrders.id,
      orderNo: groupOrders.orderNo,
      state: groupOrders.approvalState,
      company: companies.companyName,
    })
    .from(groupOrders)
    .innerJoin(companies, eq(companies.id, groupOrders.companyId))
    .where(eq(groupOrders.id, groupOrderId));
  if (!order || order.state !== 'approved') throw new AppError('RECORD_NOT_FOUND', '该团检订单不存在或未审核通过');
  const dueFen = (await orderAmountFen(db, order.id)) - (await groupInvoicedFen(db, order.id));
  if (dueFen <= 0) throw new AppError('VALIDATION', '该订单已全部开票');
  const bill = { orderNo: order.orderNo, companyName: order.company, amount: moneyText(dueFen) };
  let invoiceNo: string;
  try {
    ({ invoiceNo } = await adapter.issue(bill));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await recordInterfaceError(db, {
      system: 'his',
      callName: 'HIS团体开票',
      subject: `his_invoice:${order.id}`,
      request: JSON.stringify(bill),
      response: reason,
    });
    throw new AppError('UPSTREAM_UNAVAILABLE', `HIS开票失败：${reason}`);
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(invoices)
      .values({
        invoiceNo,
        scope: 'group',
        groupOrderId: order.id,
        title: order.company,
        amount: bill.amount,
        issuedBy: user.id,
      })
      .returning({ id: invoices.id });
    await recordAudit(tx, request, 'invoice_his_push', {
      userId: user.id,
      userAccount: user.user_account,
      target: invoiceNo,
      detail: { ...bill, interface: adapter.name },
    });
    return invoiceRowOf(tx, row!.id);
  });
}
