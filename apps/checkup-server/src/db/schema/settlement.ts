import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { recordColumns, unions } from './catalogue.js';
import { orders, payments } from './orders.js';
import { companies, groupOrders } from './people.js';

/**
 * 团体预缴 (breadth §3.5): a company's prepaid account. Only 正常 takes a top-up or pays by 划账; the
 * balance moves only with a ledger line (company_account_ledger) in the same transaction.
 */
export const companyAccounts = pgTable(
  'company_accounts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .unique()
      .references(() => companies.id),
    /** COMPANY_ACCOUNT_STATES: 正常, 冻结, 销户. */
    state: varchar('state', { length: 8 }).notNull().default('正常'),
    balance: numeric('balance', { precision: 12, scale: 2 }).notNull().default('0'),
    stateNote: text('state_note'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...recordColumns(),
  },
  (t) => [check('company_accounts_balance_ck', sql`${t.balance} >= 0`)],
);

/** Every move of a prepaid account: 充值, 划账, 退回 (反结账), 退款, and the state changes (amount 0). */
export const companyAccountLedger = pgTable(
  'company_account_ledger',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => companyAccounts.id),
    /** COMPANY_LEDGER_KINDS */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** Signed: what the line adds to the balance. */
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 12, scale: 2 }).notNull(),
    paymentId: integer('payment_id').references((): AnyPgColumn => payments.id),
    settlementId: integer('settlement_id').references(() => settlements.id),
    note: text('note'),
    operatorId: integer('operator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('company_account_ledger_account_idx').on(t.accountId)],
);

/**
 * 结算单 (breadth §3.6 H model, §11.2(c)): the company-paid lines of an approved group order, taken
 * in at creation, with 附加费用 and 减免; 草稿 → 已审核 → 已结账, 反结账 back to 已审核, a draft may be
 * 作废 (its lines free again). Totals are kept on the row, recomputed from its lines on each change.
 */
export const settlements = pgTable(
  'settlements',
  {
    id: serial('id').primaryKey(),
    /** JS + yyyymmdd + 4-digit sequence. */
    settlementNo: varchar('settlement_no', { length: 20 }).notNull().unique(),
    groupOrderId: integer('group_order_id')
      .notNull()
      .references(() => groupOrders.id),
    /** SETTLEMENT_STATES: 草稿, 已审核, 已结账, 已作废. */
    state: varchar('state', { length: 8 }).notNull().default('草稿'),
    /** 预结算: people registered but not finished were taken in. */
    preSettle: boolean('pre_settle').notNull().default(false),
    /** WAIVE_MODES: exclude_waived 不含弃检, all 全部, done_only 仅已检, done_waived 已检加弃检. */
    waiveMode: varchar('waive_mode', { length: 16 }).notNull(),
    personCount: integer('person_count').notNull().default(0),
    /** 应收 = Σ(price − personal_pay). */
    receivable: numeric('receivable', { precision: 12, scale: 2 }).notNull().default('0'),
    /** 结算金额 = Σ acc_charge. */
    settleAmount: numeric('settle_amount', { precision: 12, scale: 2 }).notNull().default('0'),
    /** 减免 = Σ dec_charges. */
    deduction: numeric('deduction', { precision: 12, scale: 2 }).notNull().default('0'),
    /** 附加费用 = Σ settlement_fees. */
    feeTotal: numeric('fee_total', { precision: 12, scale: 2 }).notNull().default('0'),
    /** 实收 = 结算金额 + 附加费用 − 减免. */
    netAmount: numeric('net_amount', { precision: 12, scale: 2 }).notNull().default('0'),
    /** 实际结帐金额 of the standing checkout; null while not checked out. */
    checkoutAmount: numeric('checkout_amount', { precision: 12, scale: 2 }),
    remark: text('remark'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    auditedBy: integer('audited_by'),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    checkedOutBy: integer('checked_out_by'),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    ...recordColumns(),
  },
  (t) => [index('settlements_order_idx').on(t.groupOrderId)],
);

/** A visit's company-paid line in a statement; `live` while the statement is not 作废. */
export const settlementLines = pgTable(
  'settlement_lines',
  {
    id: serial('id').primaryKey(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id),
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    unionId: integer('union_id')
      .notNull()
      .references(() => unions.id),
    /** The line's price (order_unions.price) when taken in. */
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    /** The company's share: the price within the person's 统收限额. */
    accCharge: numeric('acc_charge', { precision: 10, scale: 2 }).notNull(),
    /** What the person pays of the line above the 统收限额. */
    personalPay: numeric('personal_pay', { precision: 10, scale: 2 }).notNull().default('0'),
    /** The share of the statement's 减免 on this line, never above acc_charge. */
    decCharges: numeric('dec_charges', { precision: 10, scale: 2 }).notNull().default('0'),
    live: boolean('live').notNull().default(true),
  },
  (t) => [
    index('settlement_lines_settlement_idx').on(t.settlementId),
    // A line is in at most one live statement (§11.2(c)2).
    uniqueIndex('settlement_lines_live_uq')
      .on(t.orderId, t.unionId)
      .where(sql`${t.live}`),
    check('settlement_lines_dec_ck', sql`${t.decCharges} >= 0 and ${t.decCharges} <= ${t.accCharge}`),
  ],
);

/** 附加费用 of a statement (name and amount), added or removed until it is audited. */
export const settlementFees = pgTable('settlement_fees', {
  id: serial('id').primaryKey(),
  settlementId: integer('settlement_id')
    .notNull()
    .references(() => settlements.id),
  feeName: varchar('fee_name', { length: 64 }).notNull(),
  amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
