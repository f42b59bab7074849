import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AGE_BANDS, disAnaReport, type BiFilterValues, type UserInfo } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { labelOf } from './labels.js';
import { BY_VISIT, personJoins, personSelect } from './person-sql.js';
import { branchIs, dateRange, idIs, serveReport, textIs } from './serve-report.js';

/**
 * 疾病分析 (bi/dis_ana, breadth §4.2) on the aggregate tables: per conclusion (bi_diag_facts) and its
 * 科室, how many of the visits in the filter (bi_visit_facts, 预登记 left out) have it, men and women,
 * over how many took part — per 年龄段 or 单位 when the screen groups by one.
 */

/** The contract's 年龄段 of an age, as its key. */
function bandOf(age: SQL): SQL {
  const whens = AGE_BANDS.map((band) => {
    const low = band.from === null ? sql`true` : sql`${age} >= ${band.from}`;
    const high = band.to === null ? sql`true` : sql`${age} <= ${band.to}`;
    return sql`when ${low} and ${high} then ${band.key}`;
  });
  return sql`(case ${sql.join(whens, sql` `)} end)`;
}

const BAND_LABELS = Object.fromEntries(AGE_BANDS.map((b) => [b.key, b.label]));

/** The group a visit falls in: its 年龄段, its 单位 (0 个人), or one group of all. */
function dimensionOf(filter: BiFilterValues): { dim: SQL; name: SQL } {
  switch (filter['dimension']) {
    case 'age_band':
      return { dim: bandOf(sql`v.age`), name: labelOf(sql`v.dim`, BAND_LABELS) };
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
      and ${band ? sql`${bandOf(sql`v.age`)} = ${String(band)}` : sql`true`}`;
}

function rows(filter: BiFilterValues): SQL {
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
