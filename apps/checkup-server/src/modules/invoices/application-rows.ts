import { and, desc, eq, gte, inArray, like, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AppError,
  moneyText,
  toFen,
  type GroupOrderBill,
  type InvoiceApplicationRow,
  type invoiceApplicationResource,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { addDays, cstTime } from '../../db/demo/dates.js';
import { branches, companies, groupOrders, invoiceApplications, invoices, users } from '../../db/schema.js';
import { rowOf, selectRows, type ResourceBinding, type Tx } from '../../lib/resource/serve-resource.js';
import { quoteOf } from '../group-order/quote.js';
import { cstText } from './invoice-rows.js';

const a = invoiceApplications;
const person = (name: string) => alias(users, name);
const applicant = person('ia_applicant');
const sales = person('ia_sales');
const auditor = person('ia_auditor');
const unauditor = person('ia_unauditor');
const issuer = person('ia_issuer');
const exchangeApplicant = person('ia_exchange_applicant');
const exchangeAuditor = person('ia_exchange_auditor');
const exchanger = person('ia_exchanger');

/** 开票申请's list (breadth §3.2 columns): the order, its company and salesperson, and every hand. */
export const applicationBinding: ResourceBinding<typeof invoiceApplicationResource> = {
  table: a,
  id: a.id,
  fields: {
    company_id: a.companyId,
    company_name: companies.companyName,
    group_order_id: a.groupOrderId,
    order_no: groupOrders.orderNo,
    order_name: groupOrders.orderName,
    branch_id: a.branchId,
    branch_name: branches.branchName,
    invoice_type: a.invoiceType,
    title: a.title,
    tax_no: a.taxNo,
    amount: a.amount,
    remark: a.remark,
    state: a.state,
    applied_by: a.appliedBy,
    applied_by_name: applicant.userName,
    applied_at: cstText(a.appliedAt),
    sales_name: sales.userName,
    audited_by_name: auditor.userName,
    audited_at: cstText(a.auditedAt),
    audit_note: a.auditNote,
    unaudit_note: a.unauditNote,
    unaudited_by_name: unauditor.userName,
    unaudited_at: cstText(a.unauditedAt),
    invoice_no: a.invoiceNo,
    issued_by_name: issuer.userName,
    issued_at: cstText(a.issuedAt),
    exchange_reason: a.exchangeReason,
    exchange_applied_by_name: exchangeApplicant.userName,
    exchange_applied_at: cstText(a.exchangeAppliedAt),
    exchange_audited_by_name: exchangeAuditor.userName,
    exchange_audited_at: cstText(a.exchangeAuditedAt),
    exchanged_by_name: exchanger.userName,
    exchanged_at: cstText(a.exchangedAt),
    original_invoice_no: a.originalInvoiceNo,
    version: a.version,
  },
  joins: [
    { table: companies, on: eq(companies.id, a.companyId) },
    { table: groupOrders, on: eq(groupOrders.id, a.groupOrderId) },
    { table: branches, on: eq(branches.id, a.branchId) },
    { table: applicant, on: eq(applicant.id, a.appliedBy) },
    { table: sales, on: eq(sales.id, groupOrders.salesUserId) },
    { table: auditor, on: eq(auditor.id, a.auditedBy) },
    { table: unauditor, on: eq(unauditor.id, a.unauditedBy) },
    { table: issuer, on: eq(issuer.id, a.issuedBy) },
    { table: exchangeApplicant, on: eq(exchangeApplicant.id, a.exchangeAppliedBy) },
    { table: exchangeAuditor, on: eq(exchangeAuditor.id, a.exchangeAuditedBy) },
    { table: exchanger, on: eq(exchanger.id, a.exchangedBy) },
  ],
  values: () => ({}),
  where: (filter) => [
    filter.key
      ? or(like(companies.companyName, `%${filter.key}%`), like(groupOrders.orderNo, `%${filter.key}%`))
      : undefined,
    filter.title ? like(a.title, `%${filter.title}%`) : undefined,
    filter.branch_id ? eq(a.branchId, Number(filter.branch_id)) : undefined,
    filter.state ? eq(a.state, Number(filter.state)) : undefined,
    filter.date_from ? gte(a.appliedAt, cstTime(filter.date_from, 0)) : undefined,
    filter.date_to ? lt(a.appliedAt, cstTime(addDays(filter.date_to, 1), 0)) : undefined,
  ],
  orderBy: [desc(a.appliedAt), desc(a.id)],
  toRow: (row) => ({ ...row, amount: moneyText(toFen(row.amount as string)) }),
};

export async function applicationRowOf(db: Db | Tx, id: number): Promise<InvoiceApplicationRow> {
  const [raw] = await selectRows(db, applicationBinding, eq(a.id, id)).limit(1);
  if (!raw) throw new AppError('RECORD_NOT_FOUND', '该开票申请不存在或已被删除');
  return rowOf(applicationBinding, raw) as InvoiceApplicationRow;
}

/**
 * A group order's amount, the cap of its invoices (breadth §3.2 发票金额,不能大于订单金额!): the quote's
 * planned amount (计划人数 × 分组价格, what 单位报价 shows as 预计金额), or the order's 费用预算 when the
 * plan prices nothing. 团体结算's settled amount replaces neither: invoices are often asked before the
 * order is settled.
 */
export async function orderAmountFen(db: Db, orderId: number): Promise<number> {
  const quote = await quoteOf(db, orderId);
  const planned = toFen(quote.planned_amount);
  if (planned > 0) return planned;
  const [order] = await db.select({ budget: groupOrders.budget }).from(groupOrders).where(eq(groupOrders.id, orderId));
  return order?.budget ? toFen(order.budget) : 0;
}

const sum = (column: typeof a.amount | typeof invoices.amount) => sql<string>`coalesce(sum(${column}), 0)::text`;

/** Σ the order's applications not refused (审核不通过), leaving one out when it is being edited. */
export async function appliedFen(tx: Db | Tx, orderId: number, except?: number) {
  const [row] = await tx
    .select({ total: sum(a.amount) })
    .from(a)
    .where(and(eq(a.groupOrderId, orderId), ne(a.state, 6), except === undefined ? undefined : ne(a.id, except)));
  return toFen(row?.total ?? '0');
}

/** Σ the order's issued (not voided) group invoices. */
export async function groupInvoicedFen(tx: Db | Tx, orderId: number) {
  const [row] = await tx
    .select({ total: sum(invoices.amount) })
    .from(invoices)
    .where(and(eq(invoices.groupOrderId, orderId), eq(invoices.scope, 'group'), eq(invoices.state, 'issued')));
  return toFen(row?.total ?? '0');
}

/** Approved group orders (what may be invoiced), with their amount, applied and invoiced sums. */
export async function orderBills(db: Db, filter: { key?: string; id?: number }): Promise<GroupOrderBill[]> {
  const rows = await db
    .select({
      id: groupOrders.id,
      order_no: groupOrders.orderNo,
      order_name: groupOrders.orderName,
      company_id: groupOrders.companyId,
      company_name: companies.companyName,
      branch_id: groupOrders.branchId,
    })
    .from(groupOrders)
    .innerJoin(companies, eq(companies.id, groupOrders.companyId))
    .where(
      and(
        inArray(groupOrders.approvalState, ['approved']),
        filter.id ? eq(groupOrders.id, filter.id) : undefined,
        filter.key
          ? or(
              like(companies.companyName, `%${filter.key}%`),
              like(groupOrders.orderNo, `%${filter.key}%`),
              like(groupOrders.orderName, `%${filter.key}%`),
            )
          : undefined,
      ),
    )
    .orderBy(desc(groupOrders.id))
    .limit(50);
  return Promise.all(
    rows.map(async (row) => ({
      ...row,
      amount: moneyText(await orderAmountFen(db, row.id)),
      applied: moneyText(await appliedFen(db, row.id)),
      invoiced: moneyText(await groupInvoicedFen(db, row.id)),
    })),
  );
}
