import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  serial,
  text,
  timestamp,
  varchar,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import {
  CUSTOM_REPORT_VIEWS,
  ORDER_STATUS_LABELS,
  PAYMENT_KIND_LABELS,
  PAYMENT_PURPOSE_LABELS,
  PAY_METHOD_NAMES,
  UNION_EXEC_LABELS,
  type CustomAggregate,
  type CustomParam,
  type CustomViewKey,
} from '@checkup/api-contract';

/**
 * 自定义报表 (breadth §4.8, issue 24): the documented reporting views a saved definition may read, and
 * the definitions. The views show codes by their Chinese labels and hold no personal identifier but a
 * masked name; their columns are CUSTOM_REPORT_VIEWS in the contract, which the server builds every
 * query from (no SQL text is accepted from a user).
 */

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
/** `case <column> when 'code' then '名称' … else <column> end`, literal (a view's text holds no parameters). */
const labelled = (column: string, labels: Readonly<Record<string, string>>) =>
  `(case ${column} ${Object.entries(labels)
    .map(([code, label]) => `when ${quoted(code)} then ${quoted(label)}`)
    .join(' ')} else ${column} end)`;

const EXAM_TYPE_NAMES = {
  health: '健康体检',
  occupational: '职业体检',
  entry: '入职体检',
  health_card: '健康证',
  review: '复查',
};
const SEX_NAMES = { '1': '男', '2': '女' };
const visitKind = (isGroup: string) => `(case when ${isGroup} then '团检' else '个检' end)`;
/** The surname only; a confidential person (保密人员) not even that. */
const maskedName = `(case when c.special_flag = '1' then '***'
  else left(c.cust_name, 1) || repeat('*', greatest(char_length(c.cust_name) - 1, 1)) end)`;

/** The drizzle columns of a catalogue view (only for typing; the view's text decides what it holds). */
function viewColumns(view: CustomViewKey): Record<string, PgColumnBuilderBase> {
  const kinds = { text: () => text(), date: () => date(), number: () => integer(), money: () => numeric() };
  return Object.fromEntries(CUSTOM_REPORT_VIEWS[view].columns.map((c) => [c.key, kinds[c.kind]()]));
}

export const rptVisits = pgView('rpt_visits', viewColumns('rpt_visits')).as(
  sql.raw(`select f.order_id, f.exam_date, f.audit_date, b.branch_name,
  ${labelled('f.exam_type', EXAM_TYPE_NAMES)} as exam_type_name, ${visitKind('f.is_group')} as visit_kind,
  co.company_name, p.package_name, ${maskedName} as masked_name, ${labelled('f.sex', SEX_NAMES)} as sex_name,
  f.age::int as age, ${labelled('f.status', ORDER_STATUS_LABELS)} as status_name, f.line_count::int as line_count,
  f.list_total, f.price_total, f.self_total, f.company_total
from bi_visit_facts f
join orders o on o.order_id = f.order_id
join customers c on c.id = o.customer_id
left join branches b on b.id = f.branch_id
left join companies co on co.id = f.company_id
left join packages p on p.id = f.package_id`),
);

export const rptLines = pgView('rpt_lines', viewColumns('rpt_lines')).as(
  sql.raw(`select l.order_id, l.exam_date, b.branch_name, ${visitKind('l.is_group')} as visit_kind, d.dept_name,
  u.union_name, ${labelled('l.status', UNION_EXEC_LABELS)} as status_name,
  ${labelled('l.origin', { package: '套餐', extra: '加项' })} as origin_name,
  ${labelled('l.pay_mode', { self: '自费', company: '统收' })} as pay_mode_name,
  (case when l.fee_charged then '已收费' else '未收费' end) as charged_name,
  (case when l.returned then '是' else '否' end) as returned_name, l.list_price, l.price
from bi_line_facts l
left join branches b on b.id = l.branch_id
left join departments d on d.id = l.dept_id
left join unions u on u.id = l.union_id`),
);

export const rptPayments = pgView('rpt_payments', viewColumns('rpt_payments')).as(
  sql.raw(`select p.id as payment_id, (p.paid_at at time zone 'Asia/Shanghai')::date as paid_date,
  to_char(p.paid_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as paid_time, b.branch_name,
  ${labelled('p.purpose', PAYMENT_PURPOSE_LABELS)} as purpose_name, ${labelled('p.kind', PAYMENT_KIND_LABELS)} as kind_name,
  ${labelled('p.pay_method', PAY_METHOD_NAMES)} as method_name, u.user_name as cashier_name, p.order_id,
  (case when p.day_end_id is null then '未日结' else '已日结' end) as day_end_name, p.amount
from payments p
left join branches b on b.id = p.branch_id
left join users u on u.id = p.operator_id`),
);

export const rptDiagnoses = pgView('rpt_diagnoses', viewColumns('rpt_diagnoses')).as(
  sql.raw(`select g.order_id, g.exam_date, b.branch_name, g.diag_name, d.dept_name,
  ${labelled('v.sex', SEX_NAMES)} as sex_name, v.age::int as age, ${visitKind('v.is_group')} as visit_kind
from bi_diag_facts g
left join bi_visit_facts v on v.order_id = g.order_id
left join branches b on b.id = g.branch_id
left join departments d on d.id = g.dept_id`),
);

/** A saved definition (contract customReportForm); the query is built from it at each run. */
export const customReports = pgTable('custom_reports', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull().unique(),
  description: varchar('description', { length: 200 }),
  /** A key of CUSTOM_REPORT_VIEWS. */
  view: varchar('view', { length: 32 }).notNull(),
  /** The chosen columns; with aggregates, also what the rows are grouped by. */
  columns: jsonb('columns').$type<string[]>().notNull(),
  params: jsonb('params').$type<CustomParam[]>().notNull(),
  aggregates: jsonb('aggregates').$type<CustomAggregate[]>().notNull(),
  sort: jsonb('sort').$type<{ column: string; desc: boolean }[]>().notNull(),
  /** The roles that may run it (besides 管理自定义报表); none: only those. */
  roleIds: jsonb('role_ids').$type<number[]>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  updatedBy: integer('updated_by'),
});
