import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ORDER_STATUS_LABELS,
  PAY_METHODS,
  REGISTER_FUNNEL,
  REVIEW_STEP_NAMES,
  deptWorkloadReport,
  dispatchOrdersReport,
  registerWorkloadReport,
  reviewWorkloadReport,
  tollCollectorReport,
  type BiFilterValues,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { serveDeptDoctorAnalysis } from './dept-doctor-analysis.js';
import { payLines } from './finance-report.js';
import { labelOf, localTime, payMethodName, paymentKindName } from './labels.js';
import { branchIs, dateRange, idIs, idOf, serveReport, textIs, timeRange } from './serve-report.js';
import { keyId, maskedName, visitCells, weekdayOf } from './visit-cells.js';

/** 科室/医生分析 and 工作量 (breadth §4.1, §4.5): 登记, 收费员, 科室, 派单 (加项) and 主审. */
export function serveWorkload(app: FastifyInstance, db: Db): void {
  serveDeptDoctorAnalysis(app, db);
  serveRegister(app, db);
  serveTollCollector(app, db);
  serveDepartment(app, db);
  serveDispatchOrders(app, db);
  serveReviews(app, db);
}

/** 登记: the registered visits (not 预登记) of each 登记日期, and how far they have gone. */
function serveRegister(app: FastifyInstance, db: Db) {
  const where = (f: BiFilterValues, alias = 'v') => {
    const column = (name: string) => sql.raw(`${alias}.${name}`);
    return sql`${column('status')} <> 'prepared'
      and ${dateRange(f, { register: column('exam_date') })} and ${branchIs(f, column('branch_id'))}
      and ${textIs(f, 'exam_type', column('exam_type'))}`;
  };
  // A stage is reached by the visits at it or further along the machine.
  const reached = REGISTER_FUNNEL.slice(1).map((stage, i) => {
    const onward = REGISTER_FUNNEL.slice(i + 1);
    return sql`coalesce(sum(r.visits) filter (where r.status in (${sql.join(
      onward.map((s) => sql`${s}`),
      sql`, `,
    )})), 0)::int as ${sql.raw(`"reached_${stage}"`)}`;
  });
  // The figures add up bi_register_days, the drill-down lists the visits' facts.
  serveReport(app, db, registerWorkloadReport, {
    rows: (f) => sql`
      select r.exam_date::text as day, ${weekdayOf(sql`r.exam_date`)} as weekday,
        coalesce(sum(r.visits) filter (where not r.is_group), 0)::int as personal,
        coalesce(sum(r.visits) filter (where r.is_group), 0)::int as "group",
        sum(r.visits)::int as total, sum(r.price_total) as amount,
        coalesce(sum(r.visits) filter (where r.paid), 0)::int as paid,
        ${sql.join(reached, sql`, `)}
      from bi_register_days r where ${where(f, 'r')}
      group by r.exam_date`,
    orderBy: '"day"',
    drill: (f, key) => sql`
      select ${visitCells('v')}, v.price_total as amount from bi_visit_facts v
      join orders o on o.order_id = v.order_id join customers c on c.id = o.customer_id
      where ${where(f)} ${key ? sql`and v.exam_date = ${key[0]}` : sql``}`,
    drillOrderBy: '"exam_date", "order_id"',
  });
}

/** 收费员: each cashier's money by 收费方式 (the lines 日结 closes, refunds negative). */
function serveTollCollector(app: FastifyInstance, db: Db) {
  const where = (f: BiFilterValues) => sql`${timeRange(f, sql`p.paid_at`)} and ${branchIs(f, sql`p.branch_id`)}
    and ${idIs(f, 'cashier_id', sql`p.operator_id`)}`;
  const byMethod = PAY_METHODS.map(
    (m) => sql`sum(p.amount) filter (where p.pay_method = ${m}) as ${sql.raw(`"by_${m}"`)}`,
  );
  serveReport(app, db, tollCollectorReport, {
    rows: (f) => sql`
      select p.operator_id as cashier_id, coalesce(u.user_name, '（未记录）') as cashier_name,
        sum(p.lines)::int as line_count, ${sql.join(byMethod, sql`, `)}, sum(p.amount) as amount
      from ${payLines(f)} left join users u on u.id = p.operator_id
      group by p.operator_id, u.user_name`,
    orderBy: '"cashier_name", "cashier_id"',
    drill: (f, key) => sql`
      select p.id, ${localTime(sql`p.paid_at`)} as paid_at, p.order_id,
        ${payMethodName(sql`p.pay_method`)} as method_name, ${paymentKindName(sql`p.kind`)} as kind_name, p.amount
      from payments p
      where ${where(f)} ${key ? sql`and p.operator_id is not distinct from ${keyId(key[0])}::int` : sql``}`,
    drillOrderBy: '"paid_at", "id"',
  });
}

/**
 * 科室: per department and person, results entered (录入人) and departments signed (审核人, 影像审核):
 * the figures add up bi_dept_work_days; the drill-down reads the working tables for one row's visits.
 */
function serveDepartment(app: FastifyInstance, db: Db) {
  const work = (f: BiFilterValues): SQL => sql`
    select w.* from (
      select od.dept_id, od.sign_user_id as user_id, od.order_id, 'sign' as kind, od.signed_at as at
        from order_depts od where od.sign_user_id is not null
      union all select od.dept_id, od.imaging_sign_user_id, od.order_id, 'imaging', od.imaging_signed_at
        from order_depts od where od.imaging_sign_user_id is not null
      union all select r.dept_id, r.entered_by, r.order_id, 'entry', null
        from item_results r where r.entered_by is not null
    ) w join orders o on o.order_id = w.order_id
    where ${dateRange(f, { register: sql`o.exam_date` })} and ${branchIs(f, sql`o.branch_id`)}
      and ${idIs(f, 'dept_id', sql`w.dept_id`)} and ${idIs(f, 'doctor_id', sql`w.user_id`)}`;
  serveReport(app, db, deptWorkloadReport, {
    rows: (f) => sql`
      select r.dept_id, d.dept_name, r.user_id, coalesce(u.user_name, '（未知）') as user_name,
        sum(r.entered_visits)::int as entered_visits, sum(r.entered_items)::int as entered_items,
        sum(r.signed_visits)::int as signed_visits, sum(r.imaging_visits)::int as imaging_visits
      from bi_dept_work_days r join departments d on d.id = r.dept_id left join users u on u.id = r.user_id
      where ${dateRange(f, { register: sql`r.exam_date` })} and ${branchIs(f, sql`r.branch_id`)}
        and ${idIs(f, 'dept_id', sql`r.dept_id`)} and ${idIs(f, 'doctor_id', sql`r.user_id`)}
      group by r.dept_id, d.dept_name, r.user_id, u.user_name`,
    orderBy: '"dept_name", "dept_id", "user_name", "user_id"',
    drill: (f, key) => sql`
      select ${visitCells('o')},
        count(*) filter (where w.kind = 'entry')::int as entered_items,
        ${localTime(sql`max(w.at)`)} as signed_at
      from (${work(f)}) w join orders o on o.order_id = w.order_id join customers c on c.id = o.customer_id
      where ${key ? sql`w.dept_id = ${keyId(key[0])} and w.user_id = ${keyId(key[1])}` : sql`true`}
      group by o.order_id, c.cust_name, c.special_flag, o.exam_date, o.group_id, o.status`,
    drillOrderBy: '"exam_date", "order_id"',
  });
}

/**
 * 派单 (加项工作量): lines added on their own (登记加项 'extra') or by a department (科室加项 'dept'),
 * by who added them — the department doctor order_union_additions names, else the visit's 登记人.
 */
function serveDispatchOrders(app: FastifyInstance, db: Db) {
  const lines = (f: BiFilterValues): SQL => sql`
    select l.*, coalesce(a.added_by, v.registered_by) as adder_id
    from bi_line_facts l join bi_visit_facts v on v.order_id = l.order_id
    left join order_union_additions a on a.order_id = l.order_id and a.union_id = l.union_id
    where l.origin in ('extra', 'dept') and not l.returned
      and ${dateRange(f, { register: sql`l.exam_date` })} and ${branchIs(f, sql`l.branch_id`)}
      and ${idIs(f, 'dept_id', sql`l.dept_id`)}`;
  serveReport(app, db, dispatchOrdersReport, {
    // The figures add up bi_dispatch_days: one department's rows, or dept_id 0 (all of them together).
    rows: (f) => {
      const dept = idOf(f, 'dept_id');
      return sql`
        select x.adder_id, coalesce(u.user_name, '（未记录）') as adder_name,
          sum(x.visits)::int as visits, sum(x.lines)::int as lines, sum(x.list_total) as list_total,
          sum(x.list_total - x.price_total) as discount_total, sum(x.price_total) as price_total
        from bi_dispatch_days x left join users u on u.id = x.adder_id
        where ${dateRange(f, { register: sql`x.exam_date` })} and ${branchIs(f, sql`x.branch_id`)}
          and ${dept === null ? sql`false` : sql`x.dept_id = ${dept ?? 0}`}
        group by x.adder_id, u.user_name`;
    },
    orderBy: '"adder_name", "adder_id"',
    drill: (f, key) => sql`
      select x.order_id, ${maskedName(sql`c.cust_name`, sql`c.special_flag`)} as cust_name,
        x.exam_date::text as exam_date, ${labelOf(sql`v.status`, ORDER_STATUS_LABELS)} as status_name,
        un.union_name, d.dept_name, x.list_price, x.price
      from (${lines(f)}) x join bi_visit_facts v on v.order_id = x.order_id
      join orders o on o.order_id = x.order_id join customers c on c.id = o.customer_id
      join unions un on un.id = x.union_id join departments d on d.id = x.dept_id
      where ${key ? sql`x.adder_id is not distinct from ${keyId(key[0])}::int` : sql`true`}`,
    drillOrderBy: '"exam_date", "order_id", "union_name"',
  });
}

/**
 * 主审: each reviewer's 初审/主审/终审 acts (a pass or a return each), 个检 and 团检: the figures add up
 * bi_review_days, the drill-down lists the reviews.
 */
function serveReviews(app: FastifyInstance, db: Db) {
  const where = (f: BiFilterValues) => sql`${timeRange(f, sql`r.created_at`)} and ${branchIs(f, sql`o.branch_id`)}
    and ${textIs(f, 'step', sql`r.step`)} and ${idIs(f, 'doctor_id', sql`r.reviewer_id`)}`;
  const acts = (where: SQL) => sql`coalesce(sum(r.acts) filter (where ${where}), 0)::int`;
  serveReport(app, db, reviewWorkloadReport, {
    rows: (f) => sql`
      select r.reviewer_id, min(r.reviewer_name) as reviewer_name, r.step,
        ${labelOf(sql`r.step`, REVIEW_STEP_NAMES)} as step_name,
        sum(r.acts)::int as total, ${acts(sql`not r.is_group`)} as personal, ${acts(sql`r.is_group`)} as "group",
        ${acts(sql`r.result = 'pass'`)} as passed, ${acts(sql`r.result = 'return'`)} as returned
      from bi_review_days r
      where ${dateRange(f, { audit: sql`r.day` })} and ${branchIs(f, sql`r.branch_id`)}
        and ${textIs(f, 'step', sql`r.step`)} and ${idIs(f, 'doctor_id', sql`r.reviewer_id`)}
      group by r.reviewer_id, r.step`,
    orderBy: `"reviewer_name", "reviewer_id", position("step" in 'first main final')`,
    drill: (f, key) => sql`
      select r.id, ${visitCells('o')}, ${localTime(sql`r.created_at`)} as reviewed_at,
        case r.result when 'pass' then '通过' else '退回' end as result_name
      from reviews r join orders o on o.order_id = r.order_id join customers c on c.id = o.customer_id
      where ${where(f)} ${key ? sql`and r.reviewer_id = ${keyId(key[0])} and r.step = ${key[1]}` : sql``}`,
    drillOrderBy: '"reviewed_at", "id"',
  });
}
