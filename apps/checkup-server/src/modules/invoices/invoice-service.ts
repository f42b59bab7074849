import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  AppError,
  INVOICE_APPLICATION_STATE_LABELS,
  INVOICE_MESSAGES,
  moneyText,
  NON_CASH_METHODS,
  toFen,
  type InvoiceApplicationState,
  type invoiceAvailableRoute,
  type invoiceIssueRoute,
  type UserInfo,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { customers, examCards, invoiceApplications, invoices, orders, payments } from '../../db/schema.js';
import type { Tx } from '../../lib/resource/serve-resource.js';
import { recordAudit } from '../audit/repository.js';
import { invoiceRowOf } from './invoice-rows.js';
import { takeNumber } from './ranges.js';

type In<R extends { input: z.ZodType }> = z.output<R['input']>;
type Source = Pick<In<typeof invoiceAvailableRoute>, 'source' | 'order_id' | 'card_no'>;
const actor = (user: UserInfo) => ({ userId: user.id, userAccount: user.user_account });
const yuan = (fen: number) => `${moneyText(fen)}元`;
const CARD_PURPOSES = ['card_sale', 'card_recharge', 'card_refund'];
/** 商户划账: card money the company transferred cannot be invoiced (breadth §3.2). */
const CARD_NOT_INVOICED = ['transfer'];

const sumOf = async (query: Promise<{ total: string }[]>) => toFen((await query)[0]?.total ?? '0');
const total = (column: typeof payments.amount | typeof invoices.amount) =>
  sql<string>`coalesce(sum(${column}), 0)::text`;

/** What is already invoiced (issued, not voided) of a visit or a card. */
const invoicedFen = (tx: Db | Tx, owner: ReturnType<typeof eq>) =>
  sumOf(
    tx
      .select({ total: total(invoices.amount) })
      .from(invoices)
      .where(and(owner, eq(invoices.scope, 'personal'), eq(invoices.state, 'issued'))),
  );

/**
 * What a visit or a card may still be invoiced for: the money received for it (isMoneyReceived: a card,
 * 统收, 记账 or 预缴 line brings none; a refund is negative) less what is invoiced. Locked when `lock`.
 */
async function availableOf(tx: Db | Tx, source: Source, lock: boolean) {
  if (source.source === 'order') {
    if (!source.order_id) throw new AppError('VALIDATION', '请填写体检号');
    const query = tx
      .select({ id: orders.orderId, name: customers.custName })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(eq(orders.orderId, source.order_id));
    const [order] = lock ? await query.for('update', { of: orders }) : await query;
    if (!order) throw new AppError('RECORD_NOT_FOUND', '体检号不存在，请核对后重新输入');
    const received = await sumOf(
      tx
        .select({ total: total(payments.amount) })
        .from(payments)
        .where(
          and(
            eq(payments.orderId, order.id),
            eq(payments.purpose, 'visit'),
            notInArray(payments.payMethod, [...NON_CASH_METHODS]),
          ),
        ),
    );
    const fen = received - (await invoicedFen(tx, eq(invoices.orderId, order.id)));
    return { fen, title: order.name, owner: { orderId: order.id }, empty: INVOICE_MESSAGES.nothingToInvoice };
  }
  if (!source.card_no) throw new AppError('VALIDATION', '请填写卡号');
  const query = tx
    .select({ id: examCards.id, buyer: examCards.buyerName })
    .from(examCards)
    .where(eq(examCards.cardNo, source.card_no));
  const [card] = lock ? await query.for('update') : await query;
  if (!card) throw new AppError('RECORD_NOT_FOUND', '该体检卡不存在');
  const lines = await tx
    .select({ method: payments.payMethod, total: total(payments.amount) })
    .from(payments)
    .where(
      and(
        eq(payments.cardId, card.id),
        inArray(payments.purpose, CARD_PURPOSES),
        notInArray(payments.payMethod, [...NON_CASH_METHODS]),
      ),
    )
    .groupBy(payments.payMethod);
  const invoicable = lines.filter((l) => !CARD_NOT_INVOICED.includes(l.method));
  const received = invoicable.reduce((s, l) => s + toFen(l.total), 0);
  const fen = received - (await invoicedFen(tx, eq(invoices.cardId, card.id)));
  const transferOnly = fen <= 0 && lines.some((l) => CARD_NOT_INVOICED.includes(l.method) && toFen(l.total) > 0);
  return {
    fen,
    title: card.buyer,
    owner: { cardId: card.id },
    empty: transferOnly ? INVOICE_MESSAGES.cardTransfer : INVOICE_MESSAGES.cardNothingToInvoice,
  };
}

export async function availableAmount(db: Db, input: Source) {
  const { fen, title } = await availableOf(db, input, false);
  return { amount: moneyText(Math.max(fen, 0)), title };
}

/** 开票: the visit or card locked, the amount checked, the next number of the cashier's range taken. */
export async function issueInvoice(
  db: Db,
  input: In<typeof invoiceIssueRoute>,
  user: UserInfo,
  request: FastifyRequest,
) {
  return db.transaction(async (tx) => {
    const available = await availableOf(tx, input, true);
    if (available.fen <= 0) throw new AppError('VALIDATION', available.empty);
    const amount = input.amount ?? available.fen;
    if (amount > available.fen) {
      throw new AppError('VALIDATION', `超过可开票金额（可开票${yuan(available.fen)}）`);
    }
    const invoiceNo = await takeNumber(tx, user.id, input.kind);
    const [row] = await tx
      .insert(invoices)
      .values({
        invoiceNo,
        kind: input.kind,
        scope: 'personal',
        ...available.owner,
        title: input.title,
        taxNo: input.tax_no,
        amount: moneyText(amount),
        issuedBy: user.id,
      })
      .returning({ id: invoices.id });
    await recordAudit(tx, request, 'invoice_issue', {
      ...actor(user),
      target: invoiceNo,
      detail: { ...available.owner, kind: input.kind, amount: moneyText(amount) },
    });
    return invoiceRowOf(tx, row!.id);
  });
}

async function lockInvoice(tx: Tx, id: number) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!row) throw new AppError('RECORD_NOT_FOUND', '该发票不存在');
  return row;
}

/** 补打/重打: an issued invoice printed once more (the count is what the audit checks). */
export async function reprintInvoice(db: Db, id: number, user: UserInfo, request: FastifyRequest) {
  return db.transaction(async (tx) => {
    const row = await lockInvoice(tx, id);
    if (row.state !== 'issued') throw new AppError('ILLEGAL_TRANSITION', '该发票已作废，不能重打');
    const printCount = row.printCount + 1;
    await tx.update(invoices).set({ printCount }).where(eq(invoices.id, id));
    await recordAudit(tx, request, 'invoice_reprint', {
      ...actor(user),
      target: row.invoiceNo,
      detail: { print_count: printCount },
    });
    return { id, print_count: printCount };
  });
}

/**
 * 作废: counted, negatively, in the day-end of whoever voids it (voided_by). An application's invoice
 * is changed through its own 换票, so the application and its invoice never disagree.
 */
export async function voidInvoice(db: Db, id: number, reason: string, user: UserInfo, request: FastifyRequest) {
  return db.transaction(async (tx) => {
    const row = await lockInvoice(tx, id);
    if (row.state !== 'issued') throw new AppError('ILLEGAL_TRANSITION', '该发票已作废，不能重复作废');
    if (row.applicationId !== null) {
      const [application] = await tx
        .select({ state: invoiceApplications.state })
        .from(invoiceApplications)
        .where(eq(invoiceApplications.id, row.applicationId));
      const state = INVOICE_APPLICATION_STATE_LABELS[(application?.state ?? 0) as InvoiceApplicationState];
      throw new AppError('ILLEGAL_TRANSITION', `该发票由开票申请出票（申请状态为“${state}”），请在开票申请中换票`);
    }
    await voidRow(tx, id, reason, user);
    await recordAudit(tx, request, 'invoice_void', { ...actor(user), target: row.invoiceNo, detail: { reason } });
    return { id, state: 'voided' as const };
  });
}

export async function voidRow(tx: Tx, id: number, reason: string, user: UserInfo) {
  await tx
    .update(invoices)
    .set({ state: 'voided', voidedBy: user.id, voidedAt: new Date(), voidReason: reason })
    .where(eq(invoices.id, id));
}
