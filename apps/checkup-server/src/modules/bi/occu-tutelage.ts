import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  HARM_CATEGORY_LABELS,
  OCCUPATIONAL_PREFIX,
  ORDER_STATUS_LABELS,
  occuEmployerReport,
  occuFactorReport,
  type BiFilterValues,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { labelOf } from './labels.js';
import { auditDay, BY_VISIT, personJoins, personSelect, visitIs } from './person-sql.js';
import { serveReport } from './serve-report.js';

/**
 * 职业健康监护统计 (bi/occu_tutelage, breadth §4.7, §12), live: the occupational visits (exam type
 * occupational, 预登记 left out) by 用人单位 and by 危害因素, with the 职业健康检查结论 their 总检
 * wrote (the first line of orders.conclusion, review-steps.ts joinOccupationalConclusion), counted once
 * the visit passed 终审. 体检类别 (上岗前/在岗…) and per-factor conclusions are not recorded yet: the
 * screen says so instead of showing them.
 */

/** The 职业健康检查结论 of a visit that passed 终审; null before. */
const categoryOf = sql`(case when ${auditDay} is not null and o.conclusion like ${`${OCCUPATIONAL_PREFIX}%`}
  then substr(split_part(o.conclusion, chr(10), 1), ${OCCUPATIONAL_PREFIX.length + 1}) end)`;

/** The occupational visits of the filter, one row each, with their sex, factors and conclusion. */
const visitsOf = (filter: BiFilterValues) => sql`
  select o.order_id, o.company_id, c.sex, o.harm_factors, ${categoryOf} as category
  from ${personJoins}
  where o.exam_type = 'occupational' and o.status <> 'prepared' and ${visitIs(filter)}`;

const counts = sql`count(*)::int as visit_count,
  count(*) filter (where v.sex = '1')::int as male_count,
  count(*) filter (where v.sex = '2')::int as female_count,
  count(v.category)::int as audited_count,
  count(*) filter (where v.category = '目前未见异常')::int as normal_count,
  count(*) filter (where v.category = '复查')::int as recheck_count,
  count(*) filter (where v.category = '疑似职业病')::int as suspected_count,
  count(*) filter (where v.category = '职业禁忌证')::int as forbidden_count,
  count(*) filter (where v.category = '其他疾病或异常')::int as other_count`;

/** A visit's factors, one row each; a visit without any under （未登记）. */
const factorJoin = sql`left join lateral jsonb_array_elements_text(coalesce(v.harm_factors, '[]'::jsonb)) as hf(name)
  on true`;
const factorName = sql`coalesce(hf.name, '（未登记）')`;
/** The factor's 类别 from the 危害因素 dictionary, by name or code. */
const factorCategory = sql`(select h.category from harm_factors h where h.factor_name = hf.name or h.factor_code = hf.name
  order by h.is_active desc, h.id limit 1)`;

/** The people behind a row: masked names, their factors and conclusion (a 名单 to export). */
function people(filter: BiFilterValues, user: UserInfo, row: SQL): SQL {
  return sql`
    select ${personSelect(user)},
      coalesce(array_to_string(array(select jsonb_array_elements_text(coalesce(o.harm_factors, '[]'::jsonb))), '、'), '')
        as harm_factors,
      ${labelOf(sql`o.status`, ORDER_STATUS_LABELS)} as status_name, coalesce(${categoryOf}, '（未终审）') as category
    from ${personJoins}
    where o.exam_type = 'occupational' and o.status <> 'prepared' and ${visitIs(filter)} and ${row}`;
}

export function serveOccuTutelage(app: FastifyInstance, db: Db): void {
  serveReport(app, db, occuEmployerReport, {
    rows: (f) => sql`
      select coalesce(v.company_id, 0) as company_id, coalesce(co.company_name, '个人') as company_name, ${counts}
      from (${visitsOf(f)}) v left join companies co on co.id = v.company_id
      group by v.company_id, co.company_name`,
    orderBy: '"visit_count" desc, "company_name"',
    drill: (f, key, user) => {
      const id = Number(key?.[0]);
      return people(f, user, key ? sql`coalesce(o.company_id, 0) = ${Number.isInteger(id) ? id : -1}` : sql`true`);
    },
    drillOrderBy: BY_VISIT,
  });

  serveReport(app, db, occuFactorReport, {
    rows: (f) => sql`
      select md5(${factorName}) as factor_key, ${labelOf(sql`coalesce(${factorCategory}, '')`, { ...HARM_CATEGORY_LABELS, '': '未分类' })}
        as category_name, ${factorName} as factor_name, ${counts}
      from (${visitsOf(f)}) v ${factorJoin}
      group by hf.name`,
    orderBy: '"category_name", "factor_name"',
    drill: (f, key, user) =>
      people(
        f,
        user,
        key
          ? sql`${key[0]} in (select md5(coalesce(x.name, '（未登记）'))
              from (select null::text as name where coalesce(jsonb_array_length(o.harm_factors), 0) = 0
                union all select jsonb_array_elements_text(coalesce(o.harm_factors, '[]'::jsonb))) x)`
          : sql`true`,
      ),
    drillOrderBy: BY_VISIT,
  });
}
