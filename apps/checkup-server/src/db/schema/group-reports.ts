import { boolean, date, index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { GroupReportSnapshot } from '@checkup/api-contract';
import { companies, groupOrders } from './people.js';

/**
 * 团检报告 (bi/group_report, breadth §4.3): a report definition (样本) over one company's group order
 * and 登记日期 range, its state (GROUP_REPORT_STATES) and, once generated, the analysis as it was then.
 */
export const groupReports = pgTable(
  'group_reports',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    groupOrderId: integer('group_order_id')
      .notNull()
      .references(() => groupOrders.id),
    sampleName: varchar('sample_name', { length: 64 }).notNull(),
    branchId: integer('branch_id').notNull(),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),
    /** '1' 男 or '2' 女 only; null both. */
    sex: varchar('sex', { length: 1 }),
    /** 是否含未检: the analysis tables count the people not yet examined too. */
    includeAbsent: boolean('include_absent').notNull().default(false),
    /** GROUP_REPORT_STATES */
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    /** 未通过原因 of the last refusal. */
    rejectReason: varchar('reject_reason', { length: 500 }),
    snapshot: jsonb('snapshot').$type<GroupReportSnapshot>(),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('group_reports_order_idx').on(t.groupOrderId), index('group_reports_company_idx').on(t.companyId)],
);
