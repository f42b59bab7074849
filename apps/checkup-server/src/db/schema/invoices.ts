import { boolean, index, integer, numeric, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { recordColumns } from './catalogue.js';
import { companies, groupOrders } from './people.js';
import { branches } from './system-register.js';
import { invoices } from './finance.js';

/**
 * 发票号段 (breadth §3.2, H userinvoice.jsp): a run of numbers a cashier (or every cashier: 共用) takes
 * invoices or receipts from, in order. start_no and end_no are digit strings of one length; next_no is
 * the "already used" pointer: the next number to give, past end_no once the run is used up.
 */
export const invoiceRanges = pgTable(
  'invoice_ranges',
  {
    id: serial('id').primaryKey(),
    /** 'invoice' 发票 or 'receipt' 收据. */
    kind: varchar('kind', { length: 8 }).notNull(),
    prefix: varchar('prefix', { length: 12 }).notNull().default(''),
    startNo: varchar('start_no', { length: 18 }).notNull(),
    endNo: varchar('end_no', { length: 18 }).notNull(),
    /** The next number's running part as a number; > end once used up. */
    nextSeq: numeric('next_seq', { precision: 20, scale: 0 }).notNull(),
    /** The cashier who takes numbers from it; null: 共用 (every cashier). */
    cashierId: integer('cashier_id'),
    remark: varchar('remark', { length: 200 }),
    /** 启用/停用; 用完 is read from next_seq. */
    isActive: boolean('is_active').notNull().default(true),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...recordColumns(),
  },
  (t) => [index('invoice_ranges_kind_idx').on(t.kind, t.prefix)],
);

/**
 * 开票申请 (breadth §1.6, §3.2 control_over_invoices): a group order's invoice asked for by sales,
 * audited, issued (出票 writes an invoices row, scope group) and exchanged (换票 voids that row and
 * issues another). state: INVOICE_APPLICATION_STATES 0…6.
 */
export const invoiceApplications = pgTable(
  'invoice_applications',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    groupOrderId: integer('group_order_id')
      .notNull()
      .references(() => groupOrders.id),
    branchId: integer('branch_id').references(() => branches.id),
    /** vat_normal 增值税普通发票, vat_special 增值税专用发票, receipt 收据. */
    invoiceType: varchar('invoice_type', { length: 16 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    taxNo: varchar('tax_no', { length: 32 }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    remark: varchar('remark', { length: 200 }),
    state: smallint('state').notNull().default(0),
    appliedBy: integer('applied_by').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    auditedBy: integer('audited_by'),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    auditNote: varchar('audit_note', { length: 200 }),
    /** 反审 note, person and time. */
    unauditNote: varchar('unaudit_note', { length: 200 }),
    unauditedBy: integer('unaudited_by'),
    unauditedAt: timestamp('unaudited_at', { withTimezone: true }),
    /** The invoice now standing for the application (出票, then 换票's new one). */
    invoiceId: integer('invoice_id').references(() => invoices.id),
    invoiceNo: varchar('invoice_no', { length: 32 }),
    issuedBy: integer('issued_by'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    exchangeReason: varchar('exchange_reason', { length: 200 }),
    exchangeAppliedBy: integer('exchange_applied_by'),
    exchangeAppliedAt: timestamp('exchange_applied_at', { withTimezone: true }),
    exchangeAuditedBy: integer('exchange_audited_by'),
    exchangeAuditedAt: timestamp('exchange_audited_at', { withTimezone: true }),
    exchangedBy: integer('exchanged_by'),
    exchangedAt: timestamp('exchanged_at', { withTimezone: true }),
    /** 原发票号: the number 换票 replaced. */
    originalInvoiceNo: varchar('original_invoice_no', { length: 32 }),
    ...recordColumns(),
  },
  (t) => [
    index('invoice_applications_order_idx').on(t.groupOrderId),
    index('invoice_applications_state_idx').on(t.state),
  ],
);
