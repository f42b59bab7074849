import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AGE_BANDS, disAnaReport, type BiFilterValues, type UserInfo } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { ageBandOf, labelOf } from './labels.js';
import { BY_VISIT, personJoins, personSelect } from './person-sql.js';
import { branchIs, dateRange, idIs, serveReport, textIs } from './serve-report.js';

/**
 * 疾病分析 (bi/dis_ana, breadth §4.2) on the aggregate tables: per conclusion and its 科室, how many of
 * the visits in the filter (预登记 left out) have it, men and women, over how many took part — per
 * 年龄段 or 单位 when the screen groups by one. By 登记日期 from the daily rollups (bi_diag_days over
 * bi_visit_days); by 审核日期 from the facts (bi_diag_facts over bi_visit_facts).
 */

const BAND_LABELS = Object.fromEntries(AGE_BANDS.map((b) => [b.key, b.label]));

/** The group a visit falls in: its 年龄段, its 单位 (0 个人), or one group of all. */
function dimensionOf(filter: BiFilterValues): { dim: SQL; name: SQL } {
  switch (filter['dimension']) {
    case 'age_band':
      return { dim: ageBandOf(sql`v.age`), name: labelOf(sql`v.dim`, BAND_LABELS) };
    case 'company':
      return {
        dim: sql`coalesce(v.company_id, 0)::text`,
        name: sql`coalesce((select company_name from companies where id::text = v.dim), '个人')`,
      };
    default:
      return { dim: sql`''`, name: sql`'全部'` };
  }
}

/** The visits taking part: the filter's date, 分中心, 单位, 性别 and 年龄段; 预登记 not yet come. */
function visitsOf(filter: BiFilterValues, dim: SQL): SQL {
  const band = filter['age_band'];
  return sql`select v.order_id, v.sex, ${dim} as dim from bi_visit_facts v
    where v.status <> 'prepared'
      and ${dateRange(filter, { register: sql`v.exam_date`, audit: sql`v.audit_date` })}
      and ${branchIs(filter, sql`v.branch_id`)} and ${idIs(filter, 'company_id', sql`v.company_id`)}
      and ${textIs(filter, 'sex', sql`v.sex`)}
      and ${band ? sql`${ageBandOf(sql`v.age`)} = ${String(band)}` : sql`true`}`;
}

/** By 审核日期: the visits and conclusions of the facts (an audit day is not a rollup's day). */
export function factRows(filter: BiFilterValues): SQL {
  const { dim, name } = dimensionOf(filter);
  return sql`
    with v as (${visitsOf(filter, dim)}),
    n as (select dim, count(*)::int as visits from v group by dim)
    select md5(d.diag_name) as diag_key, d.diag_name, coalesce(d.dept_id, 0) as dept_id,
      coalesce(dp.dept_name, '总检') as dept_name, v.dim, ${name} as dim_name,
      count(distinct d.order_id) filter (where v.sex = '1')::int as male_count,
      count(distinct d.order_id) filter (where v.sex = '2')::int as female_count,
      count(distinct d.order_id)::int as found_count, n.visits as visit_count,
      round(count(distinct d.order_id) * 100.0 / n.visits, 2) as found_rate
    from bi_diag_facts d join v on v.order_id = d.order_id join n on n.dim = v.dim
      left join departments dp on dp.id = d.dept_id
    where ${idIs(filter, 'dept_id', sql`d.dept_id`)}
    group by d.diag_name, d.dept_id, dp.dept_name, v.dim, n.visits`;
}

/** The rollups' group of a row `r`: its 年龄段, its 单位 (0 个人), or one group of all. */
function rolledDimOf(filter: BiFilterValues): { dim: SQL; name: SQL } {
  switch (filter['dimension']) {
    case 'age_band':
      return { dim: sql`r.age_band`, name: labelOf(sql`x.dim`, BAND_LABELS) };
    case 'company':
      return {
        dim: sql`r.company_id::text`,
        name: sql`coalesce((select company_name from companies where id::text = x.dim), '个人')`,
      };
    default:
      return { dim: sql`''`, name: sql`'全部'` };
  }
}

/** The filter over a rollup row `r` (bi_visit_days, bi_diag_days) by 登记日期. */
function rolledWhere(filter: BiFilterValues): SQL {
  const band = filter['age_band'];
  return sql`${dateRange(filter, { register: sql`r.exam_date` })} and ${branchIs(filter, sql`r.branch_id`)}
    and ${idIs(filter, 'company_id', sql`r.company_id`)} and ${textIs(filter, 'sex', sql`r.sex`)}
    and ${band ? sql`r.age_band = ${String(band)}` : sql`true`}`;
}

/** By 登记日期 (the default): the daily rollups added up, each visit counted on its one day. */
export function rows(filter: BiFilterValues): SQL {
  if (filter.date_kind === 'audit') return factRows(filter);
  const { dim, name } = rolledDimOf(filter);
  return sql`
    with n as (select ${dim} as dim, sum(r.visits)::int as visits from bi_visit_days r where ${rolledWhere(filter)} group by 1)
    select md5(x.diag_name) as diag_key, x.diag_name, x.dept_id, coalesce(dp.dept_name, '总检') as dept_name, x.dim,
      ${name} as dim_name, x.male_count, x.female_count, x.found_count, n.visits as visit_count,
      round(x.found_count * 100.0 / n.visits, 2) as found_rate
    from (
      select r.diag_name, r.dept_id, ${dim} as dim,
        coalesce(sum(r.found) filter (where r.sex = '1'), 0)::int as male_count,
        coalesce(sum(r.found) filter (where r.sex = '2'), 0)::int as female_count,
        sum(r.found)::int as found_count
      from bi_diag_days r
      where ${rolledWhere(filter)} and ${idIs(filter, 'dept_id', sql`r.dept_id`)}
      group by r.diag_name, r.dept_id, 3
    ) x join n on n.dim = x.dim left join departments dp on dp.id = x.dept_id`;
}

/** The people behind a row (or behind every row): who has the conclusion, names masked. */
function drill(filter: BiFilterValues, key: string[] | null, user: UserInfo): SQL {
  const { dim } = dimensionOf(filter);
  const deptId = Number(key?.[1]);
  const row = key
    ? sql`and md5(d.diag_name) = ${key[0]} and coalesce(d.dept_id, 0) = ${Number.isInteger(deptId) ? deptId : -1}
        and v.dim = ${key[2]}`
    : sql``;
  return sql`
    with v as (${visitsOf(filter, dim)})
    select d.diag_row_id as id, ${personSelect(user)}, d.diag_name
    from bi_diag_facts d join v on v.order_id = d.order_id join (${personJoins}) on o.order_id = d.order_id
    where ${idIs(filter, 'dept_id', sql`d.dept_id`)} ${row}`;
}

export function serveDisAna(app: FastifyInstance, db: Db): void {
  serveReport(app, db, disAnaReport, {
    rows,
    orderBy: '"found_count" desc, "diag_name", "dept_name", "dim"',
    drill,
    drillOrderBy: `${BY_VISIT}, "id"`,
  });
}
