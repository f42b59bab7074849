import {
  bigserial,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { branches } from './system-register.js';

/** Money by 付款方式 code, as two-decimal text (numeric, never floating point). */
export type MethodTotals = Record<string, string>;

/**
 * 收费员日结 (breadth §3.7, §11.4): one cashier closes their own lines not yet closed. Each payments
 * row takes the day-end's id once (payments.day_end_id), so no line is in two day-ends, and a closed
 * line never changes: a later refund is a new line in the next day-end.
 */
export const cashierDayEnds = pgTable(
  'cashier_day_ends',
  {
    id: serial('id').primaryKey(),
    /** RJ + yyyymmdd + 4-digit sequence (DAY_END_PREFIX). */
    dayEndNo: varchar('day_end_no', { length: 20 }).notNull().unique(),
    cashierId: integer('cashier_id').notNull(),
    branchId: integer('branch_id').references(() => branches.id),
    lineCount: integer('line_count').notNull(),
    /** 总金额: Σ lines (refunds negative), every method. */
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    /** 实收: Σ lines of methods that bring money in that day (isMoneyReceived). */
    receivedTotal: numeric('received_total', { precision: 14, scale: 2 }).notNull(),
    byMethod: jsonb('by_method').$type<MethodTotals>().notNull(),
    /** By purpose (个检收费, 团体结算, 售卡 …), received methods only. */
    byPurpose: jsonb('by_purpose').$type<MethodTotals>().notNull(),
    /** 发票总金额 = issued − voided in the day-end. */
    invoiceTotal: numeric('invoice_total', { precision: 14, scale: 2 }).notNull().default('0'),
    financeDayEndId: integer('finance_day_end_id').references(() => financeDayEnds.id),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cashier_day_ends_cashier_idx').on(t.cashierId, t.closedAt),
    index('cashier_day_ends_open_idx').on(t.financeDayEndId),
  ],
);

/** 财务日结: finance rolls up every cashier day-end not yet rolled up. */
export const financeDayEnds = pgTable('finance_day_ends', {
  id: serial('id').primaryKey(),
  dayEndNo: varchar('day_end_no', { length: 20 }).notNull().unique(),
  closedBy: integer('closed_by').notNull(),
  /** yyyy-mm of the day it was closed: the month statement takes these. */
  month: varchar('month', { length: 7 }).notNull(),
  cashierCount: integer('cashier_count').notNull(),
  total: numeric('total', { precision: 14, scale: 2 }).notNull(),
  receivedTotal: numeric('received_total', { precision: 14, scale: 2 }).notNull(),
  byMethod: jsonb('by_method').$type<MethodTotals>().notNull(),
  invoiceTotal: numeric('invoice_total', { precision: 14, scale: 2 }).notNull().default('0'),
  monthStatementId: integer('month_statement_id').references(() => monthStatements.id),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 月结单: the finance day-ends of one month (at least one). */
export const monthStatements = pgTable('month_statements', {
  id: serial('id').primaryKey(),
  statementNo: varchar('statement_no', { length: 20 }).notNull().unique(),
  month: varchar('month', { length: 7 }).notNull().unique(),
  closedBy: integer('closed_by').notNull(),
  total: numeric('total', { precision: 14, scale: 2 }).notNull(),
  receivedTotal: numeric('received_total', { precision: 14, scale: 2 }).notNull(),
  byMethod: jsonb('by_method').$type<MethodTotals>().notNull(),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * 收费记录 (breadth §1.4 md_peispatient_charge_record): an append-only history of every change to a
 * visit's money — 收费, 退项, 退费, 冲正, 拆分, 折扣, 卡支付 — with what was due and paid before and
 * after. Nothing updates or deletes these rows.
 */
export const chargeHistory = pgTable(
  'charge_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: varchar('order_id', { length: 20 }),
    paymentId: integer('payment_id'),
    /** 收费, 退项, 退费, 冲正, 拆分, 折扣, 卡支付, 卡退款, 结算, 反结算 … */
    action: varchar('action', { length: 16 }).notNull(),
    oldDue: numeric('old_due', { precision: 12, scale: 2 }),
    newDue: numeric('new_due', { precision: 12, scale: 2 }),
    oldPaid: numeric('old_paid', { precision: 12, scale: 2 }),
    newPaid: numeric('new_paid', { precision: 12, scale: 2 }),
    detail: text('detail'),
    operatorId: integer('operator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('charge_history_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * 发票 (breadth §3.2): one invoice or receipt issued by a cashier, for a visit's money, a card sale,
 * a group order (团体发票, from an approved 开票申请) or a settlement. Its amount counts in the issuing
 * cashier's day-end (发票总金额); a void counts, negatively, in the day-end of whoever voids it.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    invoiceNo: varchar('invoice_no', { length: 32 }).notNull().unique(),
    /** 'invoice' 发票 or 'receipt' 收据. */
    kind: varchar('kind', { length: 8 }).notNull().default('invoice'),
    /** personal (a visit or card), group (a group order or settlement). */
    scope: varchar('scope', { length: 8 }).notNull(),
    orderId: varchar('order_id', { length: 20 }),
    cardId: integer('card_id'),
    groupOrderId: integer('group_order_id'),
    settlementId: integer('settlement_id'),
    /** The 开票申请 it was issued from (group invoices). */
    applicationId: integer('application_id'),
    title: varchar('title', { length: 100 }).notNull(),
    taxNo: varchar('tax_no', { length: 32 }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    /** issued 已开票, voided 已作废. */
    state: varchar('state', { length: 8 }).notNull().default('issued'),
    issuedBy: integer('issued_by').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    printCount: integer('print_count').notNull().default(1),
    voidedBy: integer('voided_by'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    /** The cashier day-ends that counted the issue and the void. */
    dayEndId: integer('day_end_id').references(() => cashierDayEnds.id),
    voidDayEndId: integer('void_day_end_id').references(() => cashierDayEnds.id),
  },
  (t) => [
    index('invoices_order_idx').on(t.orderId),
    index('invoices_issuer_open_idx').on(t.issuedBy, t.dayEndId),
    index('invoices_voider_open_idx').on(t.voidedBy, t.voidDayEndId),
  ],
);
