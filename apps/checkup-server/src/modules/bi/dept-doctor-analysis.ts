import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DOCTOR_ROLES, deptAnalysisReport, doctorAnalysisReport, type BiFilterValues } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { labelOf } from './labels.js';
import { branchIs, dateRange, idIs, idOf, serveReport, textIs } from './serve-report.js';
import { keyId, visitCells, weekdayOf } from './visit-cells.js';

/**
 * 科室分析 and 医生分析 (breadth §4.1): ordered lines not returned (退项). The figures add up the daily
 * rollups (bi_dept_days, bi_union_days, bi_doctor_days); the drill-down lists the visits from the facts.
 */

/** 人次 个/团, 原始金额 and 优惠金额 个/团, and the lines by what happened to them, over rollup rows `r`. */
const ROLLED_MEASURES = sql`
  coalesce(sum(r.visits) filter (where not r.is_group), 0)::int as visits_personal,
  coalesce(sum(r.visits) filter (where r.is_group), 0)::int as visits_group,
  sum(r.visits)::int as visits,
  sum(r.list_price) filter (where not r.is_group) as list_personal,
  sum(r.list_price) filter (where r.is_group) as list_group,
  sum(r.price) filter (where not r.is_group) as price_personal,
  sum(r.price) filter (where r.is_group) as price_group,
  sum(r.lines)::int as lines,
  sum(r.done)::int as done,
  sum(r.makeup)::int as makeup,
  sum(r.deferred)::int as deferred,
  sum(r.waived)::int as waived`;

const rolledWhere = (f: BiFilterValues) =>
  sql`${dateRange(f, { register: sql`r.exam_date` })} and ${branchIs(f, sql`r.branch_id`)}`;

const lineWhere = (f: BiFilterValues) => sql`not l.returned
  and ${dateRange(f, { register: sql`l.exam_date` })} and ${branchIs(f, sql`l.branch_id`)}`;

/** The visits behind a set of order ids, as the drill-down shows them. */
const visitsIn = (orderIds: SQL) => sql`
  select ${visitCells('v')} from bi_visit_facts v
  join orders o on o.order_id = v.order_id join customers c on c.id = o.customer_id
  where v.order_id in (${orderIds})`;

function deptLines(f: BiFilterValues): SQL {
  return sql`${lineWhere(f)} and ${idIs(f, 'dept_id', sql`l.dept_id`)} and ${idIs(f, 'union_id', sql`l.union_id`)}`;
}

/** A doctor's lines: those of the departments they signed, or every line of the visits they reviewed. */
function doctorWork(f: BiFilterValues): SQL {
  const cols = sql`l.order_id, l.is_group, l.list_price, l.price, l.status`;
  const byVisit = (role: string, column: string) => sql`
    select ${role}::text as role, ${sql.raw(`v.${column}`)} as doctor_id, ${cols}
    from bi_line_facts l join bi_visit_facts v on v.order_id = l.order_id
    where ${lineWhere(f)} and ${sql.raw(`v.${column}`)} is not null`;
  return sql`
    select 'dept'::text as role, l.doctor_id, ${cols} from bi_line_facts l
      where ${lineWhere(f)} and l.doctor_id is not null
    union all ${byVisit('chief', 'chief_id')}
    union all ${byVisit('final', 'final_reviewer_id')}`;
}

const doctorWhere = (f: BiFilterValues) =>
  sql`${textIs(f, 'role', sql`l.role`)} and ${idIs(f, 'doctor_id', sql`l.doctor_id`)}`;

export function serveDeptDoctorAnalysis(app: FastifyInstance, db: Db): void {
  serveReport(app, db, deptAnalysisReport, {
    rows: (f) => {
      const byDay = f.dimension === 'day';
      const byUnion = f.dimension === 'union';
      // Per union (by it, or for one): bi_union_days; a department's 人次 otherwise from bi_dept_days,
      // where a visit with two of the department's unions counts once.
      const perUnion = byUnion || idOf(f, 'union_id') !== undefined;
      return sql`
        select r.dept_id, d.dept_name,
          ${byDay ? sql`r.exam_date::text` : sql`null::text`} as day,
          ${byDay ? weekdayOf(sql`r.exam_date`) : sql`null::text`} as weekday,
          ${byUnion ? sql`r.union_id` : sql`null::int`} as union_id,
          ${byUnion ? sql`u.union_name` : sql`null::text`} as union_name,
          ${ROLLED_MEASURES}
        from ${perUnion ? sql`bi_union_days` : sql`bi_dept_days`} r join departments d on d.id = r.dept_id
          ${byUnion ? sql`join unions u on u.id = r.union_id` : sql``}
        where ${rolledWhere(f)} and ${idIs(f, 'dept_id', sql`r.dept_id`)}
          ${perUnion ? sql`and ${idIs(f, 'union_id', sql`r.union_id`)}` : sql``}
        group by r.dept_id, d.dept_name${byDay ? sql`, r.exam_date` : sql``}${byUnion ? sql`, r.union_id, u.union_name` : sql``}`;
    },
    orderBy: '"dept_name", "dept_id", "day", "union_name"',
    drill: (f, key) => {
      const [dept, day, union] = key ?? [];
      return visitsIn(sql`
        select l.order_id from bi_line_facts l where ${deptLines(f)}
          ${key ? sql`and l.dept_id = ${keyId(dept)}` : sql``}
          ${day ? sql`and l.exam_date = ${day}` : sql``}
          ${union ? sql`and l.union_id = ${keyId(union)}` : sql``}`);
    },
    drillOrderBy: '"exam_date", "order_id"',
  });

  serveReport(app, db, doctorAnalysisReport, {
    rows: (f) => sql`
      select r.doctor_id, coalesce(u.user_name, '（未知）') as doctor_name, r.role,
        ${labelOf(sql`r.role`, Object.fromEntries(DOCTOR_ROLES.map((role) => [role.value, role.label])))} as role_name,
        ${ROLLED_MEASURES}
      from bi_doctor_days r left join users u on u.id = r.doctor_id
      where ${rolledWhere(f)} and ${textIs(f, 'role', sql`r.role`)} and ${idIs(f, 'doctor_id', sql`r.doctor_id`)}
      group by r.doctor_id, u.user_name, r.role`,
    orderBy: `"doctor_name", "doctor_id", position("role" in 'dept chief final')`,
    drill: (f, key) =>
      visitsIn(sql`
        select l.order_id from (${doctorWork(f)}) l where ${doctorWhere(f)}
          ${key ? sql`and l.doctor_id = ${keyId(key[0])} and l.role = ${key[1]}` : sql``}`),
    drillOrderBy: '"exam_date", "order_id"',
  });
}
