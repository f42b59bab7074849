import { sql, type SQL } from 'drizzle-orm';
import { UNION_EXEC } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { biRefreshState } from '../../db/schema.js';
import { DISCOUNT_BAND } from './finance-revenue.js';
import { ageBandOf } from './labels.js';
import { selectRows } from './sql-rows.js';

/** The job kind of the refresh (job runner, recurring). */
export const BI_REFRESH_JOB = 'bi_refresh';
/** How often the job brings the aggregate tables up to date. */
export const BI_REFRESH_EVERY_MS = 10 * 60_000;
/** Visits of the last days are always refreshed: a conclusion edit leaves no time stamp of its own. */
const RECENT_DAYS = 3;
const BI_REFRESH_LOCK = 24_0001;

const cstDate = (column: string) => sql.raw(`(${column} at time zone 'Asia/Shanghai')::date`);

/**
 * The visits whose facts may have changed since `since`: every table that a visit's figures come from
 * and that keeps a time, plus the visits of the last few days. With no bookmark, every visit.
 */
function changedVisits(since: Date | null) {
  if (!since) return sql`select order_id from orders`;
  const at = since.toISOString();
  // One branch per time, each served by its index (an OR of two columns would scan the table); a new
  // visit's updated_at starts at its created_at.
  return sql`
    select order_id from orders where updated_at >= ${at}
    union select order_id from orders where exam_date >= (now() at time zone 'Asia/Shanghai')::date - ${RECENT_DAYS}::int
    union select order_id from order_status_log where created_at >= ${at}
    union select order_id from reviews where created_at >= ${at}
    union select order_id from report_prints where printed_at >= ${at}
    union select order_id from payments where order_id is not null and paid_at >= ${at}
    union select order_id from order_unions where exec_at >= ${at}
    union select order_id from order_unions where returned_at >= ${at}
    union select order_id from order_depts where signed_at >= ${at}
    union select sl.order_id from settlements s join settlement_lines sl on sl.settlement_id = s.id
      where s.updated_at >= ${at}`;
}

/** The daily rollups; ROLLUP_VERSION goes up when one is added or changed, so every day is rolled up again once. */
const ROLLUPS = [
  'bi_dept_days',
  'bi_union_days',
  'bi_doctor_days',
  'bi_dept_work_days',
  'bi_visit_days',
  'bi_diag_days',
  'bi_register_days',
  'bi_group_order_days',
  'bi_dispatch_days',
];
const ROLLUP_VERSION = 4;

/** The measures of a rollup row over lines `l` (bi_line_facts, not returned), as schema/bi.ts names them. */
const ROLLUP_MEASURES = sql`count(distinct l.order_id)::int, count(*)::int, sum(l.list_price), sum(l.price),
  coalesce(sum(l.price) filter (where l.pay_mode = 'self'), 0), coalesce(sum(l.price) filter (where l.pay_mode = 'company'), 0),
  coalesce(sum(l.price) filter (where l.origin = 'extra'), 0),
  count(*) filter (where l.status = ${UNION_EXEC.done})::int, count(*) filter (where l.status = ${UNION_EXEC.makeup})::int,
  count(*) filter (where l.status = ${UNION_EXEC.deferred})::int, count(*) filter (where l.status = ${UNION_EXEC.waived})::int`;

/** 科室分析's, 医生分析's and 科室工作量's daily rollups, derived again for the days in bi_days. */
async function rollUp(tx: Db) {
  for (const table of ROLLUPS) {
    await tx.execute(sql`delete from ${sql.raw(table)} where exam_date in (select exam_date from bi_days)`);
  }
  const dayLines = sql`not l.returned and l.exam_date in (select exam_date from bi_days)`;
  await tx.execute(sql`
    insert into bi_dept_days (exam_date, branch_id, dept_id, is_group, visits, lines, list_price, price, self_price, company_price, extra_price, done, makeup, deferred, waived)
    select l.exam_date, l.branch_id, l.dept_id, l.is_group, ${ROLLUP_MEASURES} from bi_line_facts l where ${dayLines}
    group by l.exam_date, l.branch_id, l.dept_id, l.is_group`);
  await tx.execute(sql`
    insert into bi_union_days (exam_date, branch_id, dept_id, union_id, is_group, visits, lines, list_price, price, self_price, company_price, extra_price, done, makeup, deferred, waived)
    select l.exam_date, l.branch_id, l.dept_id, l.union_id, l.is_group, ${ROLLUP_MEASURES} from bi_line_facts l where ${dayLines}
    group by l.exam_date, l.branch_id, l.dept_id, l.union_id, l.is_group`);
  // A doctor's lines: those of the departments they signed, and every line of the visits they reviewed.
  await tx.execute(sql`
    insert into bi_doctor_days (exam_date, branch_id, doctor_id, role, is_group, visits, lines, list_price, price, self_price, company_price, extra_price, done, makeup, deferred, waived)
    select l.exam_date, l.branch_id, w.doctor_id, w.role, l.is_group, ${ROLLUP_MEASURES}
    from bi_line_facts l
    join bi_visit_facts v on v.order_id = l.order_id
    cross join lateral (values ('dept', l.doctor_id), ('chief', v.chief_id), ('final', v.final_reviewer_id)) w(role, doctor_id)
    where ${dayLines} and v.exam_date in (select exam_date from bi_days) and w.doctor_id is not null
    group by l.exam_date, l.branch_id, w.doctor_id, w.role, l.is_group`);
  // 疾病分析: the visits taking part and, per conclusion, how many of them have it.
  const band = ageBandOf(sql`v.age`);
  const dayVisitFacts = sql`v.status <> 'prepared' and v.exam_date in (select exam_date from bi_days)`;
  await tx.execute(sql`
    insert into bi_visit_days (exam_date, branch_id, sex, age_band, company_id, visits)
    select v.exam_date, v.branch_id, v.sex, ${band}, coalesce(v.company_id, 0), count(*)::int
    from bi_visit_facts v where ${dayVisitFacts}
    group by 1, 2, 3, 4, 5`);
  await tx.execute(sql`
    insert into bi_diag_days (exam_date, branch_id, sex, age_band, company_id, diag_name, dept_id, found)
    select v.exam_date, v.branch_id, v.sex, ${band}, coalesce(v.company_id, 0), d.diag_name, coalesce(d.dept_id, 0),
      count(distinct d.order_id)::int
    from bi_diag_facts d join bi_visit_facts v on v.order_id = d.order_id
    where ${dayVisitFacts} and d.exam_date in (select exam_date from bi_days)
    group by 1, 2, 3, 4, 5, 6, 7`);
  await tx.execute(sql`
    insert into bi_register_days (exam_date, branch_id, exam_type, is_group, status, paid, band, visits, list_total, price_total)
    select v.exam_date, v.branch_id, v.exam_type, v.is_group, v.status, v.paid, ${DISCOUNT_BAND}, count(*)::int,
      sum(v.list_total), sum(v.price_total)
    from bi_visit_facts v where v.exam_date in (select exam_date from bi_days)
    group by 1, 2, 3, 4, 5, 6, 7`);
  await tx.execute(sql`
    insert into bi_group_order_days (exam_date, group_order_id, visits, list_total, price_total)
    select v.exam_date, v.group_order_id, count(*)::int, sum(v.list_total), sum(v.price_total)
    from bi_visit_facts v
    where ${dayVisitFacts} and v.group_order_id is not null
    group by 1, 2`);
  // 加项工作量: per department, and (dept_id 0) every department together.
  await tx.execute(sql`
    insert into bi_dispatch_days (exam_date, branch_id, dept_id, adder_id, visits, lines, list_total, price_total)
    select l.exam_date, l.branch_id, d.dept_id, coalesce(a.added_by, v.registered_by), count(distinct l.order_id)::int,
      count(*)::int, sum(l.list_price), sum(l.price)
    from bi_line_facts l join bi_visit_facts v on v.order_id = l.order_id
    left join order_union_additions a on a.order_id = l.order_id and a.union_id = l.union_id
    cross join lateral (values (l.dept_id), (0)) d(dept_id)
    where ${dayLines} and l.origin in ('extra', 'dept')
    group by 1, 2, 3, 4`);
  // 科室工作量 from the working tables: each visit of the days looks up its own rows (by its index), not
  // the whole of item_results joined to the days.
  await tx.execute(sql`
    insert into bi_dept_work_days (exam_date, branch_id, dept_id, user_id, entered_visits, entered_items, signed_visits, imaging_visits)
    select o.exam_date, o.branch_id, w.dept_id, w.user_id,
      count(distinct o.order_id) filter (where w.kind = 'entry')::int, count(*) filter (where w.kind = 'entry')::int,
      count(*) filter (where w.kind = 'sign')::int, count(*) filter (where w.kind = 'imaging')::int
    from orders o
    cross join lateral (
      select x.dept_id, x.sign_user_id as user_id, 'sign' as kind
        from order_depts x where x.order_id = o.order_id and x.sign_user_id is not null
      union all select x.dept_id, x.imaging_sign_user_id, 'imaging'
        from order_depts x where x.order_id = o.order_id and x.imaging_sign_user_id is not null
      union all select x.dept_id, x.entered_by, 'entry'
        from item_results x where x.order_id = o.order_id and x.entered_by is not null
    ) w
    where o.exam_date in (select exam_date from bi_days)
    group by o.exam_date, o.branch_id, w.dept_id, w.user_id`);
}

/** A day's start in the centre's time zone, as a timestamp. */
const dayStart = (day: SQL) => sql`(${day})::timestamp at time zone 'Asia/Shanghai'`;

/**
 * bi_review_days: the review days of the changed visits' reviews rolled up again (reviews are only ever
 * added, so those are the days a visit's reviews fell on before and after), every day when `all`.
 */
async function rollUpReviews(tx: Db, all: boolean) {
  await tx.execute(sql`
    create temporary table bi_review_roll on commit drop as
    select distinct ${cstDate('r.created_at')} as day from reviews r
    where ${all ? sql`true` : sql`r.order_id in (select order_id from bi_changed)`}`);
  await tx.execute(sql`analyze bi_review_roll`);
  await tx.execute(sql`delete from bi_review_days where day in (select day from bi_review_roll)`);
  await tx.execute(sql`
    insert into bi_review_days (day, branch_id, is_group, reviewer_id, reviewer_name, step, result, acts)
    select d.day, o.branch_id, o.group_id is not null, r.reviewer_id, r.reviewer_name, r.step, r.result, count(*)::int
    from bi_review_roll d
    join reviews r on r.created_at >= ${dayStart(sql`d.day`)} and r.created_at < ${dayStart(sql`d.day + 1`)}
    join orders o on o.order_id = r.order_id
    group by 1, 2, 3, 4, 5, 6, 7`);
}

export interface PayRollupState {
  payThrough: string | null;
  payMaxId: number | null;
}

/**
 * bi_pay_days: the days that ended at least an hour ago (a money line still being written is dated when
 * its transaction began) and are not yet summed, and any earlier day a line added since was dated on
 * (对账 补录); every day again when `all`. The last line id is read first: a line committed meanwhile
 * is at worst counted twice until the next refresh sums its day again, never lost.
 */
async function rollUpPayments(tx: Db, all: boolean): Promise<PayRollupState> {
  const [state] = await selectRows<{
    through: string | null;
    max_id: number | null;
    target: string;
    last_id: number | null;
  }>(
    tx,
    sql`select s.pay_through::text as through, s.pay_max_id as max_id,
        (((now() - interval '1 hour') at time zone 'Asia/Shanghai')::date - 1)::text as target,
        (select max(id) from payments) as last_id
      from (select 1) one left join bi_refresh_state s on true`,
  );
  const target = state!.target;
  const through = all ? null : state!.through;
  const lastId = state!.last_id ?? 0;
  if (through === null) {
    await tx.execute(sql`delete from bi_pay_days`);
    await tx.execute(sql`
      insert into bi_pay_days (day, branch_id, operator_id, pay_method, purpose, kind, lines, amount)
      select ${cstDate('p.paid_at')}, p.branch_id, p.operator_id, p.pay_method, p.purpose, p.kind, count(*)::int, sum(p.amount)
      from payments p where p.paid_at < ${dayStart(sql`${target}::date + 1`)}
      group by 1, 2, 3, 4, 5, 6`);
    return { payThrough: target, payMaxId: lastId };
  }
  const newThrough = target > through ? target : through;
  await tx.execute(sql`
    create temporary table bi_pay_roll on commit drop as
    select d::date as day from generate_series(${through}::date + 1, ${newThrough}::date, interval '1 day') d
    union select ${cstDate('p.paid_at')} from payments p
      where p.id > ${state!.max_id ?? 0} and p.paid_at < ${dayStart(sql`${through}::date + 1`)}`);
  await tx.execute(sql`delete from bi_pay_days where day in (select day from bi_pay_roll)`);
  await tx.execute(sql`
    insert into bi_pay_days (day, branch_id, operator_id, pay_method, purpose, kind, lines, amount)
    select d.day, p.branch_id, p.operator_id, p.pay_method, p.purpose, p.kind, count(*)::int, sum(p.amount)
    from bi_pay_roll d
    join payments p on p.paid_at >= ${dayStart(sql`d.day`)} and p.paid_at < ${dayStart(sql`d.day + 1`)}
    group by 1, 2, 3, 4, 5, 6`);
  return { payThrough: newThrough, payMaxId: lastId };
}

/**
 * 欠费 of an ordered union \`u\` (schema/bi.ts), its visit past 预登记 aside: not given back, not free, and
 * 自费 not charged or 统收 in no checked-out (已结账) statement.
 */
const OWED_LINE = sql`(u.returned_at is null and u.price <> 0
  and ((u.pay_mode = 'self' and not u.fee_charged) or (u.pay_mode = 'company' and not exists (
    select 1 from settlement_lines sl join settlements s on s.id = sl.settlement_id
    where sl.live and s.state = '已结账' and sl.order_id = u.order_id and sl.union_id = u.union_id))))`;
/** A visit's owed figure from its lines \`l\`; a 预登记 visit owes nothing. */
const owed = (column: string) => sql.raw(`case when o.status = 'prepared' then 0 else coalesce(l.${column}, 0) end`);

/** Rows a write touched: node-postgres says rowCount, PGlite affectedRows. */
function touched(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/**
 * Derives the changed visits again, then `finish` records the refresh in the same transaction with how
 * many visit and line facts it added less those it removed.
 */
async function rebuild(
  db: Db,
  changed: ReturnType<typeof changedVisits>,
  now: Date,
  finish: (tx: Db, delta: { visits: number; lines: number }, pay: PayRollupState) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    // Two refreshes at once (the job and a 立即刷新) take turns.
    await tx.execute(sql`select pg_advisory_xact_lock(${BI_REFRESH_LOCK})`);
    await tx.execute(sql`create temporary table bi_changed on commit drop as ${changed}`);
    await tx.execute(sql`create index on bi_changed (order_id)`);
    await tx.execute(sql`analyze bi_changed`);
    // The days to roll up again: those the changed visits fell on before and fall on now; every day
    // when the rollups were last rolled up by an older version (or never).
    const [state] = await selectRows<{ version: number }>(
      tx,
      sql`select rollup_version as version from bi_refresh_state`,
    );
    const allDays = (state?.version ?? 0) < ROLLUP_VERSION;
    await tx.execute(sql`
      create temporary table bi_days on commit drop as
      select distinct exam_date from bi_visit_facts
      where ${allDays ? sql`true` : sql`order_id in (select order_id from bi_changed)`}`);
    let visits = -touched(
      await tx.execute(sql`delete from bi_visit_facts where order_id in (select order_id from bi_changed)`),
    );
    let lines = -touched(
      await tx.execute(sql`delete from bi_line_facts where order_id in (select order_id from bi_changed)`),
    );
    await tx.execute(sql`delete from bi_diag_facts where order_id in (select order_id from bi_changed)`);
    visits += touched(
      await tx.execute(sql`
      insert into bi_visit_facts
      select o.order_id, o.exam_date,
        (select ${cstDate('max(r.created_at)')} from reviews r
          where r.order_id = o.order_id and r.step = 'final' and r.result = 'pass'),
        o.branch_id, o.exam_type, o.group_id is not null, o.company_id,
        -- The group order as 团体结算 reads it: the 团体名单 person's, else the 分组's.
        coalesce((select gp.group_order_id from group_persons gp where gp.order_id = o.order_id limit 1), g.group_order_id),
        o.group_id, o.package_id,
        c.sex, greatest(0, extract(year from age(o.exam_date, c.birthday)))::smallint, o.status, o.registered_by,
        (select r.reviewer_id from reviews r where r.order_id = o.order_id and r.result = 'pass'
          and r.step in ('main', 'final') order by (r.step = 'main') desc, r.created_at desc limit 1),
        (select r.reviewer_id from reviews r where r.order_id = o.order_id and r.result = 'pass'
          and r.step = 'final' order by r.created_at desc limit 1),
        coalesce(l.line_count, 0), coalesce(l.done_count, 0),
        coalesce(l.list_total, 0), coalesce(l.price_total, 0), coalesce(l.self_total, 0),
        coalesce(l.company_total, 0), coalesce(l.extra_list_total, 0), coalesce(l.extra_price_total, 0),
        (select count(*) from order_diagnoses d where d.order_id = o.order_id and not d.hidden and d.merged_into is null),
        exists (select 1 from report_prints p where p.order_id = o.order_id),
        ${now.toISOString()}, coalesce(l.unpaid_count, 0) = 0, coalesce(l.self_list_total, 0),
        (select min(p.id) from payments p where p.order_id = o.order_id and p.purpose = 'visit' and p.kind = 'charge'),
        ${owed('owed_self_lines')}, ${owed('owed_self')}, ${owed('owed_company_lines')}, ${owed('owed_company')}
      from orders o
      join bi_changed ch on ch.order_id = o.order_id
      join customers c on c.id = o.customer_id
      left join company_groups g on g.id = o.group_id
      left join lateral (
        select count(*) filter (where u.returned_at is null) as line_count,
          count(*) filter (where u.returned_at is null and u.status = '1') as done_count,
          sum(u.list_price) filter (where u.returned_at is null) as list_total,
          sum(u.price) filter (where u.returned_at is null) as price_total,
          sum(u.price) filter (where u.returned_at is null and u.pay_mode = 'self') as self_total,
          sum(u.price) filter (where u.returned_at is null and u.pay_mode = 'company') as company_total,
          sum(u.list_price) filter (where u.returned_at is null and u.origin = 'extra') as extra_list_total,
          sum(u.price) filter (where u.returned_at is null and u.origin = 'extra') as extra_price_total,
          count(*) filter (where u.returned_at is null and u.pay_mode = 'self' and not u.fee_charged) as unpaid_count,
          sum(u.list_price) filter (where u.returned_at is null and u.pay_mode = 'self') as self_list_total,
          count(*) filter (where ${OWED_LINE} and u.pay_mode = 'self') as owed_self_lines,
          sum(u.price) filter (where ${OWED_LINE} and u.pay_mode = 'self') as owed_self,
          count(*) filter (where ${OWED_LINE} and u.pay_mode = 'company') as owed_company_lines,
          sum(u.price) filter (where ${OWED_LINE} and u.pay_mode = 'company') as owed_company
        from order_unions u where u.order_id = o.order_id
      ) l on true`),
    );
    lines += touched(
      await tx.execute(sql`
      insert into bi_line_facts
      select u.order_id, u.union_id, o.exam_date, o.branch_id, o.group_id is not null, u.dept_id, u.status,
        u.origin, u.pay_mode, u.list_price, u.price, u.fee_charged, u.returned_at is not null, od.sign_user_id,
        o.status <> 'prepared' and ${OWED_LINE}
      from order_unions u
      join bi_changed ch on ch.order_id = u.order_id
      join orders o on o.order_id = u.order_id
      left join order_depts od on od.order_id = u.order_id and od.dept_id = u.dept_id`),
    );
    await tx.execute(sql`
      insert into bi_diag_facts
      select d.order_id, d.id, d.diag_id, d.diag_name, d.dept_id, o.exam_date, o.branch_id
      from order_diagnoses d
      join bi_changed ch on ch.order_id = d.order_id
      join orders o on o.order_id = d.order_id
      where not d.hidden and d.merged_into is null`);
    await tx.execute(sql`
      insert into bi_days select distinct o.exam_date from orders o join bi_changed ch on ch.order_id = o.order_id
      except select exam_date from bi_days`);
    // A few days or all of them: the planner must know which, to read the lines of a few by index.
    await tx.execute(sql`analyze bi_days`);
    await rollUp(tx);
    await rollUpReviews(tx, allDays);
    const pay = await rollUpPayments(tx, allDays);
    await finish(tx, { visits, lines }, pay);
  });
}

export interface BiRefreshState {
  as_of: string | null;
  visits: number;
  lines: number;
  last_ms: number | null;
}

export async function readRefreshState(db: Db): Promise<BiRefreshState> {
  const [row] = await db.select().from(biRefreshState).limit(1);
  return {
    as_of: row?.asOf ? row.asOf.toISOString() : null,
    visits: row?.visits ?? 0,
    lines: row?.lines ?? 0,
    last_ms: row?.lastMs ?? null,
  };
}

/** Brings the aggregate tables up to date: the visits changed since the last refresh are derived again. */
export async function refreshStatistics(db: Db, opts: { full?: boolean } = {}): Promise<BiRefreshState> {
  const started = Date.now();
  // The refresh's own start is the next bookmark: what changes while it runs is taken next time.
  const [clock] = await selectRows<{ now: Date | string }>(db, sql`select now() as now`);
  const at = new Date(clock!.now);
  const [bookmark] = await db.select({ asOf: biRefreshState.asOf }).from(biRefreshState).limit(1);
  const since = opts.full ? null : (bookmark?.asOf ?? null);
  await rebuild(db, changedVisits(since), at, async (tx, delta, pay) => {
    // Under the refresh's lock: counted again after a full refresh; otherwise the last counts and
    // what this one added (a count of ten million lines would be most of an incremental refresh).
    const [state] = await tx.select().from(biRefreshState).limit(1);
    const [counts] =
      state?.asOf && since
        ? [{ visits: state.visits + delta.visits, lines: state.lines + delta.lines }]
        : await selectRows<{ visits: number; lines: number }>(
            tx,
            sql`select (select count(*) from bi_visit_facts)::int as visits, (select count(*) from bi_line_facts)::int as lines`,
          );
    const done = {
      asOf: at,
      lastMs: Date.now() - started,
      visits: counts?.visits ?? 0,
      lines: counts?.lines ?? 0,
      rollupVersion: ROLLUP_VERSION,
      ...pay,
    };
    await tx
      .insert(biRefreshState)
      .values({ id: 1, ...done })
      .onConflictDoUpdate({ target: biRefreshState.id, set: done });
  });
  return readRefreshState(db);
}
