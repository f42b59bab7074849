import { desc, eq, gte, like, lt, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { AppError, maskName, moneyText, toFen, type invoiceResource, type InvoiceRow } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { addDays, cstTime } from '../../db/demo/dates.js';
import { companies, customers, examCards, groupOrders, invoices, orders, users } from '../../db/schema.js';
import { rowOf, selectRows, type ResourceBinding, type Tx } from '../../lib/resource/serve-resource.js';

const issuer = alias(users, 'invoice_issuer');
const voider = alias(users, 'invoice_voider');
const i = invoices;

/** A time as the centre reads it (China Standard Time). */
export const cstText = (column: PgColumn) =>
  sql<string | null>`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;

/** 发票 on invoices, with the visit's examinee (masked), the card, the group order and its company. */
export const invoiceBinding: ResourceBinding<typeof invoiceResource> = {
  table: i,
  id: i.id,
  fields: {
    invoice_no: i.invoiceNo,
    kind: i.kind,
    scope: i.scope,
    order_id: i.orderId,
    cust_name: customers.custName,
    card_no: examCards.cardNo,
    group_order_id: i.groupOrderId,
    group_order_no: groupOrders.orderNo,
    company_name: companies.companyName,
    application_id: i.applicationId,
    title: i.title,
    tax_no: i.taxNo,
    amount: i.amount,
    state: i.state,
    issued_by_name: issuer.userName,
    issued_at: cstText(i.issuedAt),
    print_count: i.printCount,
    voided_by_name: voider.userName,
    voided_at: cstText(i.voidedAt),
    void_reason: i.voidReason,
  },
  joins: [
    { table: orders, on: eq(orders.orderId, i.orderId) },
    { table: customers, on: eq(customers.id, orders.customerId) },
    { table: examCards, on: eq(examCards.id, i.cardId) },
    { table: groupOrders, on: eq(groupOrders.id, i.groupOrderId) },
    { table: companies, on: eq(companies.id, groupOrders.companyId) },
    { table: issuer, on: eq(issuer.id, i.issuedBy) },
    { table: voider, on: eq(voider.id, i.voidedBy) },
  ],
  values: () => ({}),
  where: (filter) => [
    filter.invoice_no ? like(i.invoiceNo, `%${filter.invoice_no}%`) : undefined,
    filter.order_id ? eq(i.orderId, filter.order_id) : undefined,
    filter.title ? like(i.title, `%${filter.title}%`) : undefined,
    filter.state ? eq(i.state, filter.state) : undefined,
    filter.scope ? eq(i.scope, filter.scope) : undefined,
    filter.issued_by ? eq(i.issuedBy, Number(filter.issued_by)) : undefined,
    filter.date_from ? gte(i.issuedAt, cstTime(filter.date_from, 0)) : undefined,
    filter.date_to ? lt(i.issuedAt, cstTime(addDays(filter.date_to, 1), 0)) : undefined,
  ],
  orderBy: [desc(i.issuedAt), desc(i.id)],
  toRow: (row) => ({
    ...row,
    cust_name: row.cust_name ? maskName(row.cust_name as string) : null,
    amount: moneyText(toFen(row.amount as string)),
  }),
};

/** One invoice as a list row. */
export async function invoiceRowOf(db: Db | Tx, id: number): Promise<InvoiceRow> {
  const [raw] = await selectRows(db, invoiceBinding, eq(i.id, id)).limit(1);
  if (!raw) throw new AppError('RECORD_NOT_FOUND', '该发票不存在');
  return rowOf(invoiceBinding, raw) as InvoiceRow;
}
