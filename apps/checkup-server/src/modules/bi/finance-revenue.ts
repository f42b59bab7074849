import { sql, type SQL } from 'drizzle-orm';
import { maskedName } from './person-sql.js';
import type { FastifyInstance } from 'fastify';
import {
  arrearsStatisticsReport,
  companyIncomeReport,
  deptIncomeReport,
  discountStatisticsReport,
  packageIncomeReport,
  PAY_MODE_LABELS,
  unionIncomeReport,
  type BiFilterValues,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { labelOf } from './labels.js';
import { branchIs, dateRange, idIs, serveReport } from './serve-report.js';

/**
 * 财务报表's revenue by dimension (breadth §4.6, §11.5) from the aggregate tables by 登记日期: 原价 is
 * list_price, 优惠价 price, lines given back (退项) left out (项目/科室收入 add up the daily rollups, their
 * drill-downs list the lines); and 欠费统计, live from the working lines.
 */

/** 个检 / 团检, when chosen. */
const groupIs = (f: BiFilterValues, column: SQL): SQL =>
  f.is_group === '1' ? sql`${column}` : f.is_group === '0' ? sql`not ${column}` : sql`true`;

const visitsOf = (f: BiFilterValues) =>
  sql`${dateRange(f, { register: sql`v.exam_date` })} and ${branchIs(f, sql`v.branch_id`)} and ${groupIs(f, sql`v.is_group`)}`;
const linesOf = (f: BiFilterValues) =>
  sql`not l.returned and ${dateRange(f, { register: sql`l.exam_date` })} and ${branchIs(f, sql`l.branch_id`)}
    and ${groupIs(f, sql`l.is_group`)} and ${idIs(f, 'dept_id', sql`l.dept_id`)}`;

/** The daily rollups (bi_dept_days, bi_union_days) `r` for the same filter as linesOf. */
const rolledOf = (f: BiFilterValues) =>
  sql`${dateRange(f, { register: sql`r.exam_date` })} and ${branchIs(f, sql`r.branch_id`)}
    and ${groupIs(f, sql`r.is_group`)} and ${idIs(f, 'dept_id', sql`r.dept_id`)}`;

/** 折扣率 (%) = 优惠价 / 原价 of the rows summed. */
const rateOf = (price: SQL, list: SQL) => sql`round(${price} * 100 / nullif(${list}, 0), 2)`;
const visitSums = sql`count(*)::int as visit_count, sum(v.list_total) as list_total, sum(v.price_total) as price_total,
  ${rateOf(sql`sum(v.price_total)`, sql`sum(v.list_total)`)} as discount_rate,
  sum(v.self_total) as self_total, sum(v.company_total) as company_total, sum(v.extra_price_total) as extra_price_total,
  round(sum(v.price_total) / count(*), 2)::text as avg_price`;
const rolledSums = sql`sum(r.lines)::int as line_count, sum(r.list_price) as list_total, sum(r.price) as price_total,
  ${rateOf(sql`sum(r.price)`, sql`sum(r.list_price)`)} as discount_rate`;

/** An id key part: '' stands for none (null). */
const idKey = (column: SQL, part: string) =>
  part === '' ? sql`${column} is null` : sql`${column} = ${Number(part) || 0}`;

/** The name masked as in every list; a confidential (隐私) person's only to users who may see them. */
const custName = (user: UserInfo) => maskedName(user);

/** The visits behind a total. */
const visitRows = (f: BiFilterValues, user: UserInfo, where: SQL) => sql`
  select v.order_id, to_char(v.exam_date, 'YYYY-MM-DD') as exam_date, ${custName(user)} as cust_name,
    case when v.is_group then '团检' else '个检' end as group_name, co.company_name, pk.package_name,
    v.list_total, v.price_total, ${rateOf(sql`v.price_total`, sql`v.list_total`)} as discount_rate,
    v.extra_price_total, v.list_total - v.price_total as discount_amount
  from bi_visit_facts v
  join orders o on o.order_id = v.order_id join customers c on c.id = o.customer_id
  left join companies co on co.id = v.company_id left join packages pk on pk.id = v.package_id
  where ${visitsOf(f)} and ${where}`;

/** The ordered unions behind a total. */
const lineRows = (f: BiFilterValues, user: UserInfo, where: SQL) => sql`
  select l.order_id || '-' || l.union_id as id, l.order_id, to_char(l.exam_date, 'YYYY-MM-DD') as exam_date,
    ${custName(user)} as cust_name, un.union_name, d.dept_name, case l.origin when 'extra' then '加项' else '套餐' end as origin_name,
    ${labelOf(sql`l.pay_mode`, PAY_MODE_LABELS)} as pay_mode_name, l.list_price, l.price
  from bi_line_facts l
  join orders o on o.order_id = l.order_id join customers c on c.id = o.customer_id
  join unions un on un.id = l.union_id join departments d on d.id = l.dept_id
  where ${linesOf(f)} and ${where}`;

/** 折扣区间 of a visit's 优惠价 / 原价 (bi_visit_facts `v`); no discount when nothing is listed. */
export const DISCOUNT_BAND = sql`case when v.list_total <= 0 or v.price_total >= v.list_total then '1'
  when v.price_total * 10 >= v.list_total * 9 then '2' when v.price_total * 10 >= v.list_total * 8 then '3'
  when v.price_total * 10 >= v.list_total * 7 then '4' when v.price_total * 10 >= v.list_total * 5 then '5'
  else '6' end`;
const band = DISCOUNT_BAND;
const BAND_NAMES = { 1: '无优惠', 2: '9折及以上', 3: '8折至9折', 4: '7折至8折', 5: '5折至7折', 6: '5折以下' };

export function serveFinanceRevenue(app: FastifyInstance, db: Db): void {
  serveReport(app, db, packageIncomeReport, {
    rows: (f) => sql`
      select v.package_id, coalesce(pk.package_name, '（无套餐）') as package_name, ${visitSums}
      from bi_visit_facts v left join packages pk on pk.id = v.package_id
      where ${visitsOf(f)} and ${idIs(f, 'package_id', sql`v.package_id`)}
      group by v.package_id, pk.package_name`,
    orderBy: '"price_total" desc, "package_name"',
    drill: (f, key, user) =>
      visitRows(
        f,
        user,
        sql`${idIs(f, 'package_id', sql`v.package_id`)} and ${key ? idKey(sql`v.package_id`, key[0]!) : sql`true`}`,
      ),
    drillOrderBy: '"exam_date", "order_id"',
  });

  serveReport(app, db, unionIncomeReport, {
    rows: (f) => sql`
      select r.union_id, un.union_name, d.dept_name, ${rolledSums},
        sum(r.self_price) as self_total, sum(r.company_price) as company_total
      from bi_union_days r join unions un on un.id = r.union_id join departments d on d.id = un.dept_id
      where ${rolledOf(f)} and ${idIs(f, 'union_id', sql`r.union_id`)}
      group by r.union_id, un.union_name, d.dept_name`,
    orderBy: '"price_total" desc, "union_name"',
    drill: (f, key, user) =>
      lineRows(
        f,
        user,
        sql`${idIs(f, 'union_id', sql`l.union_id`)} and ${key ? idKey(sql`l.union_id`, key[0]!) : sql`true`}`,
      ),
    drillOrderBy: '"exam_date", "order_id", "id"',
  });

  serveReport(app, db, deptIncomeReport, {
    rows: (f) => sql`
      select r.dept_id, d.dept_name, sum(r.visits)::int as visit_count, ${rolledSums},
        sum(r.extra_price) as extra_price_total
      from bi_dept_days r join departments d on d.id = r.dept_id
      where ${rolledOf(f)} group by r.dept_id, d.dept_name`,
    orderBy: '"price_total" desc, "dept_name"',
    drill: (f, key, user) => lineRows(f, user, key ? idKey(sql`l.dept_id`, key[0]!) : sql`true`),
    drillOrderBy: '"exam_date", "order_id", "id"',
  });

  serveReport(app, db, companyIncomeReport, {
    rows: (f) => sql`
      select v.company_id, co.company_name, ${visitSums}
      from bi_visit_facts v join companies co on co.id = v.company_id
      where ${visitsOf(f)} and ${idIs(f, 'company_id', sql`v.company_id`)}
      group by v.company_id, co.company_name`,
    orderBy: '"price_total" desc, "company_name"',
    drill: (f, key, user) =>
      visitRows(
        f,
        user,
        sql`v.company_id is not null and ${idIs(f, 'company_id', sql`v.company_id`)} and ${key ? idKey(sql`v.company_id`, key[0]!) : sql`true`}`,
      ),
    drillOrderBy: '"exam_date", "order_id"',
  });

  serveReport(app, db, discountStatisticsReport, {
    rows: (f) => sql`
      select v.band, ${labelOf(sql`v.band`, BAND_NAMES)} as band_name, sum(v.visits)::int as visit_count,
        sum(v.list_total) as list_total, sum(v.price_total) as price_total,
        ${rateOf(sql`sum(v.price_total)`, sql`sum(v.list_total)`)} as discount_rate,
        sum(v.list_total - v.price_total) as discount_amount
      from bi_register_days v where ${visitsOf(f)} group by 1`,
    orderBy: '"band"',
    drill: (f, key, user) => visitRows(f, user, key ? sql`${band} = ${key[0]}` : sql`true`),
    drillOrderBy: '"exam_date", "order_id"',
  });

  serveArrears(app, db);
}

/**
 * 欠费统计 from the line facts' owed flag (schema/bi.ts): a visit owes its 自费 lines not charged; a group
 * order (as 团体结算 reads it) owes its 统收 lines not in a checked-out (已结账) statement. Lines given back
 * (退项), free lines and 预登记 visits owe nothing.
 */
function owedLines(f: BiFilterValues, debtor: 'visit' | 'group_order') {
  return sql`l.owed and l.pay_mode = ${debtor === 'visit' ? 'self' : 'company'}
    and ${dateRange(f, { register: sql`l.exam_date` })} and ${branchIs(f, sql`l.branch_id`)}`;
}

function arrearsRows(f: BiFilterValues, user: UserInfo): SQL {
  const visits = sql`${dateRange(f, { register: sql`v.exam_date` })} and ${branchIs(f, sql`v.branch_id`)}`;
  // One row per visit from its facts' owed sums (bi_visit_facts_owed_self_idx); its name is looked up
  // below, outside the union, so that a page looks up only its own rows' names.
  const personal = sql`
    select 'visit' as debtor, v.order_id as debtor_id, null::text as group_name, '个人欠费' as kind_name,
      v.order_id as debtor_no, co.company_name, to_char(v.exam_date, 'YYYY-MM-DD') as first_date,
      1 as person_count, v.owed_self_lines::int as line_count, v.owed_self as arrears_amount
    from bi_visit_facts v left join companies co on co.id = v.company_id
    where v.owed_self_lines > 0 and ${visits} and ${idIs(f, 'company_id', sql`v.company_id`)}`;
  const group = sql`
    select 'group_order' as debtor, go.id::text as debtor_id, go.order_name as group_name, '团体未结' as kind_name,
      go.order_no as debtor_no, co.company_name, to_char(min(v.exam_date), 'YYYY-MM-DD') as first_date,
      count(*)::int as person_count, sum(v.owed_company_lines)::int as line_count, sum(v.owed_company) as arrears_amount
    from bi_visit_facts v join group_orders go on go.id = v.group_order_id
      left join companies co on co.id = go.company_id
    where v.owed_company_lines > 0 and ${visits} and ${idIs(f, 'company_id', sql`go.company_id`)}
    group by go.id, go.order_name, go.order_no, co.company_name`;
  const debtors =
    f.debtor === 'visit' ? personal : f.debtor === 'group_order' ? group : sql`${personal} union all ${group}`;
  return sql`
    select x.debtor, x.debtor_id, coalesce(x.group_name, (select ${custName(user)} from orders o
        join customers c on c.id = o.customer_id where x.debtor = 'visit' and o.order_id = x.debtor_id)) as debtor_name,
      x.kind_name, x.debtor_no, x.company_name, x.first_date, x.person_count, x.line_count, x.arrears_amount
    from (${debtors}) x`;
}

/** The owed lines of one kind of debtor, of one debtor when `id` is given. */
function owedLineRows(f: BiFilterValues, user: UserInfo, debtor: 'visit' | 'group_order', id?: string): SQL {
  const of =
    debtor === 'visit'
      ? sql`${id === undefined ? sql`true` : sql`l.order_id = ${id}`} and ${idIs(f, 'company_id', sql`v.company_id`)}`
      : sql`go.id is not null and ${id === undefined ? sql`true` : sql`go.id = ${Number(id) || 0}`}
          and ${idIs(f, 'company_id', sql`go.company_id`)}`;
  return sql`
    select l.order_id || '-' || l.union_id as id, l.order_id, to_char(l.exam_date, 'YYYY-MM-DD') as exam_date,
      ${custName(user)} as cust_name, un.union_name, ${labelOf(sql`l.pay_mode`, PAY_MODE_LABELS)} as pay_mode_name,
      l.list_price, l.price
    from bi_line_facts l join bi_visit_facts v on v.order_id = l.order_id
      join orders o on o.order_id = l.order_id join customers c on c.id = o.customer_id
      join unions un on un.id = l.union_id
      left join group_orders go on go.id = v.group_order_id
    where ${owedLines(f, debtor)} and ${of}`;
}

const DEBTORS = ['visit', 'group_order'] as const;

function serveArrears(app: FastifyInstance, db: Db) {
  serveReport(app, db, arrearsStatisticsReport, {
    // Read as a listing: the page looks up its 20 names, the count and 合计 none.
    listing: true,
    rows: arrearsRows,
    orderBy: '"arrears_amount" desc, "debtor_no"',
    drill: (f, key, user) => {
      if (key) return owedLineRows(f, user, key[0] === 'group_order' ? 'group_order' : 'visit', key[1]);
      const kinds = DEBTORS.filter((d) => f.debtor === undefined || f.debtor === '' || f.debtor === d);
      return sql.join(
        kinds.map((d) => owedLineRows(f, user, d)),
        sql` union all `,
      );
    },
    drillOrderBy: '"exam_date", "order_id", "id"',
  });
}
