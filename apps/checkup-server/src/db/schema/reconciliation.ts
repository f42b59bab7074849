import {
  boolean,
  date,
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
import { payments } from './orders.js';
import { companies, groupOrders } from './people.js';

/** The columns of a settlement file the user chose on import (by header text). */
export interface ReconMapping {
  trade: string;
  amount: string;
  time: string;
  /** A refunds column subtracted from the amount (微信/支付宝 bills), when the file has one. */
  refund?: string;
}

/**
 * 对账批次 (breadth §3.8, §11.4): one channel's settlement file matched against the PEIS money lines
 * of the same channel over a business date range. 待处理 until every row that is not 一致 is resolved.
 */
export const reconBatches = pgTable(
  'recon_batches',
  {
    id: serial('id').primaryKey(),
    /** DZ + yyyymmdd + 4-digit sequence. */
    batchNo: varchar('batch_no', { length: 20 }).notNull().unique(),
    /** RECON_CHANNELS: wechat, alipay, pos, bank. */
    channel: varchar('channel', { length: 8 }).notNull(),
    dateFrom: date('date_from').notNull(),
    dateTo: date('date_to').notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    mapping: jsonb('mapping').$type<ReconMapping>().notNull(),
    matchedCount: integer('matched_count').notNull(),
    overCount: integer('over_count').notNull(),
    shortCount: integer('short_count').notNull(),
    mismatchCount: integer('mismatch_count').notNull(),
    /** Σ channel and Σ PEIS over the batch's rows. */
    channelTotal: numeric('channel_total', { precision: 14, scale: 2 }).notNull(),
    peisTotal: numeric('peis_total', { precision: 14, scale: 2 }).notNull(),
    /** RECON_BATCH_STATES: 待处理, 已完成. */
    state: varchar('state', { length: 8 }).notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('recon_batches_channel_idx').on(t.channel, t.dateFrom)],
);

/** One trade number of a batch: the channel's side, the PEIS side, the result and how it was resolved. */
export const reconRows = pgTable(
  'recon_rows',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => reconBatches.id),
    /** Null for a PEIS line that carries no trade number (it can only be 短款). */
    tradeNo: varchar('trade_no', { length: 64 }),
    channelAmount: numeric('channel_amount', { precision: 12, scale: 2 }),
    channelTime: timestamp('channel_time', { withTimezone: true }),
    /** The file's rows for this trade number, header → cell text. */
    rawRows: jsonb('raw_rows').$type<Record<string, string>[]>(),
    /** The PEIS line the row stands for (the first charge of its trade number; the 补单 line once made). */
    paymentId: integer('payment_id').references(() => payments.id),
    peisAmount: numeric('peis_amount', { precision: 12, scale: 2 }),
    /** RECON_RESULTS: 一致, 长款, 短款, 金额不符. */
    result: varchar('result', { length: 8 }).notNull(),
    /** RECON_RESOLUTIONS: 补单, 冲正, 说明; null while open (and for 一致). */
    resolution: varchar('resolution', { length: 8 }),
    /** The 补单 or 冲正 line written. */
    resolutionPaymentId: integer('resolution_payment_id').references(() => payments.id),
    note: varchar('note', { length: 200 }),
    resolvedBy: integer('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('recon_rows_batch_idx').on(t.batchId, t.result)],
);

/**
 * 银行到账 (breadth §3.3, md_kingdeeremittance): a bank receipt, split across companies and orders
 * by bank_receipt_splits. 结算状态 follows the split total; 审核 needs it equal to the receipt.
 */
export const bankReceipts = pgTable(
  'bank_receipts',
  {
    id: serial('id').primaryKey(),
    /** 交易流水号 */
    serialNo: varchar('serial_no', { length: 64 }).notNull().unique(),
    /** 汇款单位 */
    payer: varchar('payer', { length: 128 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    remittedAt: timestamp('remitted_at', { withTimezone: true }).notNull(),
    /** 收款账号 */
    account: varchar('account', { length: 64 }),
    summary: varchar('summary', { length: 200 }),
    settledAmount: numeric('settled_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    /** BANK_SETTLE_STATES: 未结算, 部分结算, 已结算. */
    settleState: varchar('settle_state', { length: 8 }).notNull().default('未结算'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** BANK_AUDIT_STATES: 未审核, 已审核. */
    auditState: varchar('audit_state', { length: 8 }).notNull().default('未审核'),
    auditedBy: integer('audited_by'),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: integer('updated_by'),
  },
  (t) => [index('bank_receipts_remitted_idx').on(t.remittedAt)],
);

/** One part of a bank receipt: 结算方式, the company and (optionally) its order, the amount. */
export const bankReceiptSplits = pgTable(
  'bank_receipt_splits',
  {
    id: serial('id').primaryKey(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => bankReceipts.id),
    /** BANK_SPLIT_MODES: 统收, 充卡, 代收, 个检. */
    settleMode: varchar('settle_mode', { length: 8 }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    groupOrderId: integer('group_order_id').references(() => groupOrders.id),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** 销售经理 */
    salesManager: varchar('sales_manager', { length: 32 }),
    note: text('note'),
  },
  (t) => [index('bank_receipt_splits_receipt_idx').on(t.receiptId)],
);
