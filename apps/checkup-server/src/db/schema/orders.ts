import type { DeskDiscount, PayMode } from '@checkup/api-contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { departments, packages, unions } from './catalogue.js';
import { examCards } from './exam-cards.js';
import { cashierDayEnds } from './finance.js';
import { companies, companyGroups, customers } from './people.js';
import { companyAccounts, settlements } from './settlement.js';
import { branches } from './system-register.js';

/**
 * One visit (体检订单) of one examinee. Its status only moves along the machine in
 * modules/orders/order-status.ts; every move is written to order_status_log.
 */
export const orders = pgTable(
  'orders',
  {
    orderId: varchar('order_id', { length: 20 }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** health 健康体检, occupational 职业体检, entry 入职体检, health_card 健康证 */
    examType: varchar('exam_type', { length: 16 }).notNull(),
    /** Occupational exams: the harm factors the examinee is exposed to (粉尘, 噪声 …). */
    harmFactors: jsonb('harm_factors').$type<string[]>(),
    packageId: integer('package_id').references(() => packages.id),
    companyId: integer('company_id').references(() => companies.id),
    groupId: integer('group_id').references(() => companyGroups.id),
    status: varchar('status', { length: 16 }).notNull(),
    examDate: date('exam_date', { mode: 'string' }).notNull(),
    /** 应收: the sum of the lines' prices (package split, desk discount, 0140 rounding), two decimals. */
    totalPrice: numeric('total_price', { precision: 10, scale: 2 }).notNull(),
    /** The discount the desk asked (contract DeskDiscount): a change of items prices the lines by it again. */
    deskDiscount: jsonb('desk_discount').$type<DeskDiscount>(),
    /** The chief examiner's overall conclusion and advice (rev_apr). */
    conclusion: text('conclusion'),
    advice: text('advice'),
    /** '1' while an AI correction reminder waits for the reviewer (update_correction_status clears it). */
    correctionStatus: varchar('correction_status', { length: 1 }).notNull().default('0'),
    registeredBy: integer('registered_by'),
    /** 分中心 where the visit was registered (issue 21); statistics filter by it. */
    branchId: integer('branch_id').references(() => branches.id),
    /** 禁检 (issue 19): while set, entry, review and report screens are read-only with this reason. */
    banReason: text('ban_reason'),
    bannedBy: integer('banned_by'),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    /** 导检单回收 (guidance_recycle): who took the guide sheet back at the exit, and when. */
    sheetReturnedBy: integer('sheet_returned_by'),
    sheetReturnedAt: timestamp('sheet_returned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_exam_date_status_idx').on(t.examDate, t.status),
    // The order list's sort: the newest day first, read in index order instead of sorting a whole day.
    index('orders_exam_date_order_idx').on(t.examDate, t.orderId),
    // 统计分析's refresh finds the visits changed since its last run by these times (refresh.ts).
    index('orders_updated_idx').on(t.updatedAt),
    index('orders_customer_idx').on(t.customerId),
    index('orders_company_idx').on(t.companyId, t.examDate),
  ],
);

/** Every status change of an order, who made it and why (issue 4: validated and audited). */
export const orderStatusLog = pgTable(
  'order_status_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    fromStatus: varchar('from_status', { length: 16 }),
    toStatus: varchar('to_status', { length: 16 }).notNull(),
    userId: integer('user_id'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_status_log_order_idx').on(t.orderId, t.createdAt),
    index('order_status_log_created_idx').on(t.createdAt),
  ],
);

/** A union ordered in a visit, with the price charged for it. */
export const orderUnions = pgTable(
  'order_unions',
  {
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    unionId: integer('union_id')
      .notNull()
      .references(() => unions.id),
    deptId: integer('dept_id')
      .notNull()
      .references(() => departments.id),
    /** 优惠价: what is charged (the package share after the desk's discount and the rounding, issue 19). */
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    /** 原价: the union's list price when ordered. */
    listPrice: numeric('list_price', { precision: 10, scale: 2 }).notNull().default('0'),
    /** Paid (breadth §1.3 f_feecharged); unpaid 自费 lines show 待收费 until 费用管理 takes the money. */
    feeCharged: boolean('fee_charged').notNull().default(false),
    /** What happened to the line: UNION_EXEC in the contract (item-execution.ts). */
    status: varchar('status', { length: 1 }).notNull().default('0'),
    /** 'package' came with the package, 'extra' was added on its own */
    origin: varchar('origin', { length: 8 }).notNull(),
    /** Who pays for this line: 'company' 统收 (a group's package), 'self' 自费 (contract PAY_MODES) */
    payMode: varchar('pay_mode', { length: 8 }).$type<PayMode>().notNull().default('self'),
    /** breadth §1.3: who set the line's execution state last (弃检/迟检/补检/拒检/撤销), when and why. */
    execBy: integer('exec_by'),
    execAt: timestamp('exec_at', { withTimezone: true }),
    execReason: text('exec_reason'),
    /** 迟检: the day it is deferred to; 补检: the day it is to be done (optional). */
    execDate: date('exec_date', { mode: 'string' }),
    /** 弃检 with the examinee's signature: the PNG in stored_files (purpose item_exec_signature). */
    signatureFileId: integer('signature_file_id'),
    /** 退项 (费用管理, issue 23): the line was returned; it is not examined, charged or settled. */
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    returnedBy: integer('returned_by'),
    returnReason: text('return_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.unionId] }),
    // 延期/弃检管理 lists the lines not done the usual way (states 2–5) by day: one index range per state.
    index('order_unions_exec_idx').on(t.status, t.execDate),
    index('order_unions_exec_at_idx')
      .on(t.execAt)
      .where(sql`${t.execAt} is not null`),
    index('order_unions_returned_at_idx')
      .on(t.returnedAt)
      .where(sql`${t.returnedAt} is not null`),
  ],
);

/**
 * A visit's progress in one department: the department worklist (dept_diag) reads it. The exam date
 * is copied here so the worklist is one index range per department and day.
 */
export const orderDepts = pgTable(
  'order_depts',
  {
    orderId: varchar('order_id', { length: 20 })
      .notNull()
      .references(() => orders.orderId),
    deptId: integer('dept_id')
      .notNull()
      .references(() => departments.id),
    examDate: date('exam_date', { mode: 'string' }).notNull(),
    /** '0' waiting, '1' results entered, '2' signed */
    status: varchar('status', { length: 1 }).notNull().default('0'),
    /** spec §3 dept_exception_flag: '1' abnormal */
    deptExceptionFlag: varchar('dept_exception_flag', { length: 1 }).notNull().default('0'),
    signUserId: integer('sign_user_id'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** Imaging work groups sign their part separately (order_imaging_dept_sign). */
    imagingSignUserId: integer('imaging_sign_user_id'),
    imagingSignedAt: timestamp('imaging_signed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.deptId] }),
    // The worklist pages through one department's day in order_id order (bench:server); status rides along.
    index('order_depts_worklist_idx').on(t.deptId, t.examDate, t.orderId, t.status),
    index('order_depts_signed_at_idx')
      .on(t.signedAt)
      .where(sql`${t.signedAt} is not null`),
  ],
);

/**
 * One money line (breadth §1.4 md_peispatientcharge / md_card_payway): money taken for a visit, or for
 * a card sold or recharged (card-service.ts). A line belongs to a visit or to a card (both when a card
 * pays a visit: pay_method exam_card). Refunds, day-end and invoices (财务管理) build on these lines.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: varchar('order_id', { length: 20 }).references(() => orders.orderId),
    /** The exam card sold or recharged, or the card that paid the visit. */
    cardId: integer('card_id').references((): AnyPgColumn => examCards.id),
    /** PAYMENT_PURPOSES: visit, card_sale, card_recharge, card_refund, settlement, advance. */
    purpose: varchar('purpose', { length: 16 }).notNull().default('visit'),
    /** PAYMENT_KINDS: charge, refund (negative), reversal (negative, 误操作退款 the same day). */
    kind: varchar('kind', { length: 8 }).notNull().default('charge'),
    /** The line a refund or reversal gives back. */
    refundOf: integer('refund_of').references((): AnyPgColumn => payments.id),
    /** 团体结算: the settlement this line pays (settlement_id; the table comes with 团体结算). */
    settlementId: integer('settlement_id').references((): AnyPgColumn => settlements.id),
    /** 团体预缴: the company's prepaid account topped up, or drawn by 预缴划账. */
    companyAccountId: integer('company_account_id').references((): AnyPgColumn => companyAccounts.id),
    /** The cashier day-end that closed this line; null while open. Set once, never cleared. */
    dayEndId: integer('day_end_id').references((): AnyPgColumn => cashierDayEnds.id),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    /** PAY_METHODS: cash, wechat, alipay, card (bank card), transfer, exam_card, company (统收), on_account (记账), advance (预缴划账) */
    payMethod: varchar('pay_method', { length: 16 }).notNull(),
    /** The online payment's trade number (md_trade_record), when there is one. */
    tradeNo: varchar('trade_no', { length: 64 }),
    /** 统收: collected for a group in one sum rather than from the person. */
    totalCharge: boolean('total_charge').notNull().default(false),
    note: text('note'),
    operatorId: integer('operator_id'),
    /** 分中心 where the money was taken (issue 21); a day-end closes one branch's lines. */
    branchId: integer('branch_id').references(() => branches.id),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_card_idx').on(t.cardId),
    // A cashier's open lines (日结) and a settlement's lines.
    index('payments_open_idx').on(t.operatorId, t.dayEndId),
    index('payments_settlement_idx').on(t.settlementId),
    // A line's refund: 结算明细 and the money reports ask whether a charge was given back.
    index('payments_refund_of_idx')
      .on(t.refundOf)
      .where(sql`${t.refundOf} is not null`),
    // 统计分析 reads money by 收费日期 (issue 24).
    index('payments_paid_at_idx').on(t.paidAt),
    check(
      'payments_owner_ck',
      sql`(${t.purpose} = 'visit' and ${t.orderId} is not null) or (${t.purpose} in ('card_sale', 'card_recharge', 'card_refund') and ${t.cardId} is not null) or (${t.purpose} = 'settlement' and ${t.settlementId} is not null) or (${t.purpose} = 'advance' and ${t.companyAccountId} is not null)`,
    ),
    check('payments_kind_ck', sql`${t.kind} = 'charge' or (${t.refundOf} is not null and ${t.amount} < 0)`),
  ],
);
