import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  DOCTOR_ROLES,
  UNION_EXEC,
  deptAnalysisReport,
  doctorAnalysisReport,
  type BiFilterValues,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { labelOf } from './labels.js';
import { branchIs, dateRange, idIs, serveReport, textIs } from './serve-report.js';
import { keyId, visitCells, weekdayOf } from './visit-cells.js';

/** 科室分析 and 医生分析 (breadth §4.1), from bi_line_facts: ordered lines not returned (退项). */

/** 人次 个/团, 原始金额 and 优惠金额 个/团, and the lines by what happened to them, over lines `l`. */
const MEASURES = sql`
  count(distinct l.order_id) filter (where not l.is_group)::int as visits_personal,
  count(distinct l.order_id) filter (where l.is_group)::int as visits_group,
  count(distinct l.order_id)::int as visits,
  sum(l.list_price) filter (where not l.is_group) as list_personal,
  sum(l.list_price) filter (where l.is_group) as list_group,
  sum(l.price) filter (where not l.is_group) as price_personal,
  sum(l.price) filter (where l.is_group) as price_group,
  count(*)::int as lines,
  count(*) filter (where l.status = ${UNION_EXEC.done})::int as done,
  count(*) filter (where l.status = ${UNION_EXEC.makeup})::int as makeup,
  count(*) filter (where l.status = ${UNION_EXEC.deferred})::int as deferred,
  count(*) filter (where l.status = ${UNION_EXEC.waived})::int as waived`;

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
      return sql`
        select l.dept_id, d.dept_name,
          ${byDay ? sql`l.exam_date::text` : sql`null::text`} as day,
          ${byDay ? weekdayOf(sql`l.exam_date`) : sql`null::text`} as weekday,
          ${byUnion ? sql`l.union_id` : sql`null::int`} as union_id,
          ${byUnion ? sql`u.union_name` : sql`null::text`} as union_name,
          ${MEASURES}
        from bi_line_facts l join departments d on d.id = l.dept_id join unions u on u.id = l.union_id
        where ${deptLines(f)}
        group by l.dept_id, d.dept_name${byDay ? sql`, l.exam_date` : sql``}${byUnion ? sql`, l.union_id, u.union_name` : sql``}`;
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
      select l.doctor_id, coalesce(u.user_name, '（未知）') as doctor_name, l.role,
        ${labelOf(sql`l.role`, Object.fromEntries(DOCTOR_ROLES.map((r) => [r.value, r.label])))} as role_name,
        ${MEASURES}
      from (${doctorWork(f)}) l left join users u on u.id = l.doctor_id
      where ${doctorWhere(f)}
      group by l.doctor_id, u.user_name, l.role`,
    orderBy: `"doctor_name", "doctor_id", position("role" in 'dept chief final')`,
    drill: (f, key) =>
      visitsIn(sql`
        select l.order_id from (${doctorWork(f)}) l where ${doctorWhere(f)}
          ${key ? sql`and l.doctor_id = ${keyId(key[0])} and l.role = ${key[1]}` : sql``}`),
    drillOrderBy: '"exam_date", "order_id"',
  });
}
