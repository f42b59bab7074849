import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ABNORMAL_FLAG_LABELS,
  ORDER_STATUS_LABELS,
  POSITIVE_HANDLED_LABELS,
  POSITIVE_KIND_LABELS,
  REVIEW_PLAN_STATUS_LABELS,
  UNION_EXEC_LABELS,
  abnormalResultQueryReport,
  diagnosisQueryReport,
  examineeQueryReport,
  positiveResultQueryReport,
  recheckQueryReport,
  unionQueryReport,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { serveDisAna } from './dis-ana.js';
import { EXAM_TYPE_NAMES, labelOf, localTime } from './labels.js';
import { serveOccuTutelage } from './occu-tutelage.js';
import { auditDay, BY_VISIT, personJoins, personSelect, visitIs } from './person-sql.js';
import { idIs, serveReport, textIs } from './serve-report.js';

/**
 * 查询报表 (bi/query_report, breadth §4.6), live from the working tables; 疾病分析 and 职业健康监护 beside
 * them. A listing of a visit's lines, results or conclusions drives from the period's visits and looks
 * each one's rows up by its own index (LATERAL … OFFSET 0): the planner would otherwise hash every row
 * of the table to join it to a month of visits.
 */
export function serveQueryReports(app: FastifyInstance, db: Db): void {
  serveDisAna(app, db);
  serveOccuTutelage(app, db);

  const byVisit = BY_VISIT;

  serveReport(app, db, examineeQueryReport, {
    listing: true,
    rows: (f, user) => sql`
      select ${personSelect(user)},
        ${labelOf(sql`o.exam_type`, EXAM_TYPE_NAMES)} as exam_type_name,
        coalesce(p.package_name, '') as package_name, ${auditDay}::text as audit_date,
        ${labelOf(sql`o.status`, ORDER_STATUS_LABELS)} as status_name,
        (select count(*) from order_unions u where u.order_id = o.order_id and u.returned_at is null)::int as line_count,
        (select count(*) from order_unions u
          where u.order_id = o.order_id and u.returned_at is null and u.status = '1')::int as done_count
      from ${personJoins} left join packages p on p.id = o.package_id
      where ${visitIs(f)} and ${idIs(f, 'package_id', sql`o.package_id`)}
        and ${textIs(f, 'exam_type', sql`o.exam_type`)} and ${textIs(f, 'status', sql`o.status`)}`,
    orderBy: byVisit,
    drill: (f, key) => sql`
      select o.order_id, un.union_name, dp.dept_name, ${labelOf(sql`u.status`, UNION_EXEC_LABELS)} as exec_name
      from order_unions u join (${personJoins}) on o.order_id = u.order_id
        join unions un on un.id = u.union_id join departments dp on dp.id = u.dept_id
      where u.returned_at is null and ${key ? sql`u.order_id = ${key[0]}` : sql`${visitIs(f)}`}`,
    drillOrderBy: '"order_id", "dept_name", "union_name"',
  });

  serveReport(app, db, unionQueryReport, {
    listing: true,
    rows: (f, user) => sql`
      select ${personSelect(user)}, un.union_name, dp.dept_name,
        ${labelOf(sql`u.status`, UNION_EXEC_LABELS)} as exec_name, 1 as line_count
      from ${personJoins}
        cross join lateral (select * from order_unions u where u.order_id = o.order_id
          and u.returned_at is null offset 0) u
        left join unions un on un.id = u.union_id left join departments dp on dp.id = u.dept_id
      where ${visitIs(f)} and ${idIs(f, 'package_id', sql`o.package_id`)}
        and ${idIs(f, 'dept_id', sql`u.dept_id`)} and ${idIs(f, 'union_id', sql`u.union_id`)}
        and ${textIs(f, 'status', sql`u.status`)}`,
    orderBy: `${byVisit}, "dept_name", "union_name"`,
  });

  serveReport(app, db, abnormalResultQueryReport, {
    listing: true,
    rows: (f, user) => sql`
      select ${personSelect(user)}, dp.dept_name, un.union_name, i.item_name, r.result_value,
        coalesce(r.unit, '') as unit, coalesce(r.ref_range, '') as ref_range,
        ${labelOf(sql`r.abnormal_flag`, ABNORMAL_FLAG_LABELS)} as flag_name
      from ${personJoins}
        -- Each visit of the period looks up its own abnormal results (item_results_abnormal_idx): the
        -- planner would otherwise read every abnormal result there is and join them to the period.
        cross join lateral (select * from item_results r where r.order_id = o.order_id and r.abnormal_flag <> '' offset 0) r
        left join exam_items i on i.id = r.item_id left join unions un on un.id = r.union_id
        left join departments dp on dp.id = r.dept_id
      where ${visitIs(f)} and ${idIs(f, 'dept_id', sql`r.dept_id`)}
        and ${idIs(f, 'union_id', sql`r.union_id`)} and ${textIs(f, 'flag', sql`r.abnormal_flag`)}`,
    orderBy: `${byVisit}, "dept_name", "item_name"`,
  });

  serveReport(app, db, diagnosisQueryReport, {
    listing: true,
    rows: (f, user) => {
      const text = f['diag_name'];
      return sql`
        select ${personSelect(user)}, coalesce(dp.dept_name, '总检') as dept_name, d.diag_name, d.advice
        from ${personJoins}
          cross join lateral (select * from order_diagnoses d where d.order_id = o.order_id
            and not d.hidden and d.merged_into is null offset 0) d
          left join departments dp on dp.id = d.dept_id
        where ${visitIs(f)}
          and ${idIs(f, 'dept_id', sql`d.dept_id`)}
          and ${text ? sql`position(${String(text)} in d.diag_name) > 0` : sql`true`}`;
    },
    orderBy: `${byVisit}, "dept_name", "diag_name"`,
  });

  serveReport(app, db, positiveResultQueryReport, {
    listing: true,
    rows: (f, user) => sql`
      select ${personSelect(user)}, ${labelOf(sql`x.kind`, POSITIVE_KIND_LABELS)} as kind_name,
        coalesce(dp.dept_name, x.dept_text, '总检') as dept_name, x.content,
        ${localTime(sql`x.raised_at`)} as raised_at, ${labelOf(sql`x.handled`, POSITIVE_HANDLED_LABELS)} as handled_name
      from (
        select 'critical' as kind, cv.order_id, i.dept_id, null as dept_text,
          i.item_name || '：' || cv.result_value || coalesce('（' || cv.description || '）', '') as content,
          cv.created_at as raised_at, (case when cv.status = '2' then '1' else '0' end) as handled
        from critical_values cv join exam_items i on i.id = cv.item_id
        union all
        select e.exception_type, e.order_id, e.dept_id, e.exception_dept,
          coalesce(e.union_name || '：', '') || e.review_exception,
          e.created_at, (case when e.review_exception_flag = '2' then '1' else '0' end)
        from order_exceptions e
      ) x join (${personJoins}) on o.order_id = x.order_id left join departments dp on dp.id = x.dept_id
      where ${visitIs(f)} and ${idIs(f, 'dept_id', sql`x.dept_id`)}
        and ${textIs(f, 'kind', sql`x.kind`)} and ${textIs(f, 'handled', sql`x.handled`)}`,
    orderBy: `${byVisit}, "raised_at"`,
  });

  // 已完成 is derived as 复查管理 does (review-plan-binding.ts): the re-exam visit passed 终审.
  const planStatus = sql`(case when rp.status = 'registered'
    and ro.status in ('final_trial', 'report_printed', 'report_sent') then 'done' else rp.status end)`;
  serveReport(app, db, recheckQueryReport, {
    listing: true,
    rows: (f, user) => sql`
      select ${personSelect(user)},
        coalesce((select string_agg(un.union_name, '、' order by x.n)
          from jsonb_array_elements_text(rp.union_ids) with ordinality as x(id, n)
          join unions un on un.id = x.id::int), '') as union_names,
        rp.due_date::text as due_date, ${labelOf(planStatus, REVIEW_PLAN_STATUS_LABELS)} as status_name,
        rp.review_order_id, rp.created_by_name
      from review_plans rp join (${personJoins}) on o.order_id = rp.order_id
        left join orders ro on ro.order_id = rp.review_order_id
      where ${visitIs(f)} and ${textIs(f, 'status', planStatus)}`,
    orderBy: '"due_date", "order_id"',
  });
}
