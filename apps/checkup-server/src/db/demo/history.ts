import { sql, type SQL } from 'drizzle-orm';
import {
  DAY_END_PREFIX,
  DEMO_ACCOUNTS,
  INCOME_OF_PURPOSE,
  NON_CASH_METHODS,
  type DemoAccount,
} from '@checkup/api-contract';
import type { Db } from '../client.js';
import { analyze } from '../maintenance.js';
import { firstBranchId } from '../../modules/system-register/desk-branch.js';
import { selectRows } from '../../modules/bi/sql-rows.js';
import { addDays, compactDate, daysBetween, isValidDay, todayCst } from './dates.js';
import { GIVEN_NAME_CHARS, SURNAMES } from './people-data.js';

/**
 * 历史数据 (issue 24): `days` past days of a centre, ending yesterday, for 统计分析 to have something
 * to count. Unlike seed-orders.ts (a JS pipeline per visit, the last 60 days in every detail) this is
 * written set-based, one transaction per month of days (`INSERT … SELECT` over generate_series), so a
 * million visits over three years load in minutes on PostgreSQL:
 * - individual and group visits (one approved 团检 order per company and month, a 男/女 group each,
 *   the people on its list linked to their visits), past every review step;
 * - lines with 原价 and 优惠价, done, 弃检, 迟检 or 补检; results with their flags; conclusions from the
 *   diagnosis library; 初审/主审/终审 passes; a report print for each printed report;
 * - the money: each walk-in pays by one of several methods at one of the cashiers, a 弃检 line is
 *   refunded (kind refund), a group visit's package is 统收 (company); finished group orders are
 *   settled (结算单 已结账, paid by transfer);
 * - every past day closed: a 收费员日结 per cashier and day (the lines' day_end_id set once from null,
 *   as the append-only trigger allows) and a 财务日结 rolling up the day's cashier day-ends.
 * Random draws come from PostgreSQL's random() after setseed(): the same seed gives the same data on
 * the same database. Order ids continue each day's sequence, so it adds to what is there.
 */
export interface HistoryOptions {
  /** Past days, the last one yesterday. */
  days: number;
  /** Mean visits per working day (Saturdays about half, Sundays a fifth). */
  perDay: number;
  /** Exactly this many visits in all (--orders N), spread over the days by their weekday load. */
  visits?: number;
  /** 'YYYY-MM-DD'; defaults to today in China Standard Time. */
  today?: string;
  seed?: number;
  /** Days per transaction (a month). */
  chunkDays?: number;
  onProgress?: (line: string) => void;
}

export interface HistoryResult {
  visits: number;
  days: number;
  ms: number;
}

/** Group orders opened per month, one per company; the first two of each month get settled. */
const COMPANIES_PER_MONTH = 3;
const SETTLED_PER_MONTH = 2;
/** Weekday factors of the visit count, Sunday first. */
const WEEKDAY_LOAD = [0.2, 1.1, 1, 1, 1, 0.9, 0.5];
/** For an exact total, days draw this much more than their share and a random sample is kept (a day draws ≥ 0.8 of it). */
const OVERDRAW = 1.5;

/** How many of `total` visits fall on [from, to] of the days [first, last], by weekday load; the parts add up to `total`. */
export function visitsBetween(total: number, first: string, last: string, from: string, to: string): number {
  const load = (day: string) => WEEKDAY_LOAD[new Date(`${day}T00:00:00Z`).getUTCDay()]!;
  let all = 0;
  let before = 0;
  let through = 0;
  for (let day = first; day <= last; day = addDays(day, 1)) {
    all += load(day);
    if (day < from) before += load(day);
    if (day <= to) through += load(day);
  }
  return Math.round((total * through) / all) - Math.round((total * before) / all);
}
/** Desk methods of walk-ins, weighted (exam cards and 记账 need their own records). */
const WALK_IN_METHODS: readonly (readonly [string, number])[] = [
  ['cash', 15],
  ['wechat', 38],
  ['alipay', 27],
  ['card', 15],
  ['transfer', 5],
];

interface Staff {
  registrar: number;
  cashiers: number[];
  finance: number;
  chief: number;
  chiefName: string;
  mainChief: number;
  mainChiefName: string;
  reviewer: number;
  reviewerName: string;
  /** [deptId, doctor] */
  doctors: [number, number][];
  fallbackDoctor: number;
}

async function loadStaff(db: Db): Promise<Staff> {
  const users = await selectRows<{ id: number; account: string; name: string }>(
    db,
    sql`select id, user_account as account, user_name as name from users`,
  );
  const by = (account: string) => {
    const row = users.find((u) => u.account === account);
    if (!row) throw new Error(`seedDemoHistory: demo account ${account} is missing; run seedDemoData first`);
    return row;
  };
  const depts = await selectRows<{ id: number; code: string }>(db, sql`select id, dept_code as code from departments`);
  const doctors: [number, number][] = [];
  for (const account of DEMO_ACCOUNTS as readonly DemoAccount[]) {
    if (!Array.isArray(account.depts)) continue;
    for (const code of account.depts) {
      const dept = depts.find((d) => d.code === code);
      if (dept) doctors.push([dept.id, by(account.account).id]);
    }
  }
  return {
    registrar: by('reg').id,
    cashiers: [by('cashier').id, by('reg').id],
    finance: by('finance').id,
    chief: by('chief').id,
    chiefName: by('chief').name,
    mainChief: by('chief2').id,
    mainChiefName: by('chief2').name,
    reviewer: by('reviewer').id,
    reviewerName: by('reviewer').name,
    doctors,
    fallbackDoctor: by('doctor1').id,
  };
}

/** A text[] parameter. */
const texts = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;
const ints = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`;
/** A random element of a SQL array expression. */
const pick = (array: SQL) => sql`(${array})[1 + floor(random() * cardinality(${array}))::int]`;
/** Midnight of a 'YYYY-MM-DD' column or expression in China Standard Time, plus `minutes`. */
const cst = (day: SQL | string, minutes: SQL | number) =>
  sql`((${typeof day === 'string' ? sql.raw(day) : day})::timestamp + (${minutes})::int * interval '1 minute') at time zone 'Asia/Shanghai'`;

/** The companies the group orders are for: the demo ones, or three of its own when there are none. */
async function historyCompanies(db: Db): Promise<number[]> {
  let rows = await selectRows<{ id: number }>(
    db,
    sql`select id from companies order by id limit ${COMPANIES_PER_MONTH}`,
  );
  if (rows.length === 0) {
    rows = await selectRows<{ id: number }>(
      db,
      sql`insert into companies (company_name) values ('示范历史单位甲'), ('示范历史单位乙'), ('示范历史单位丙') returning id`,
    );
  }
  return rows.map((r) => Number(r.id));
}

async function packagesFor(db: Db) {
  const rows = await selectRows<{ id: number; gender: string }>(
    db,
    sql`select p.id, p.gender_limit as gender from packages p
        where p.is_active and exists (select 1 from package_unions pu where pu.package_id = p.id) order by p.id`,
  );
  const male = rows.filter((r) => r.gender !== '2').map((r) => Number(r.id));
  const female = rows.filter((r) => r.gender !== '1').map((r) => Number(r.id));
  if (male.length === 0 || female.length === 0) throw new Error('seedDemoHistory: the catalogue has no packages');
  return { male, female };
}

/** One month of days [from, to]: everything of the visits registered on them. */
async function seedChunk(
  tx: Db,
  ctx: {
    from: string;
    to: string;
    today: string;
    perDay: number;
    /** Exactly this many visits over [from, to] (drawn generously, then a random sample of them kept). */
    visits: number | null;
    seed: number;
    staff: Staff;
    branchId: number | null;
    companies: number[];
    packages: { male: number[]; female: number[] };
    extraUnions: number[];
    diagnoses: number[];
    skipChecks: boolean;
  },
): Promise<number> {
  const { from, to, today, staff } = ctx;
  const stem = compactDate(from);
  // Foreign-key checks are most of a load's time; the rows point only at rows just written or read
  // (as seed-orders.ts, where the role may). closeHistoryDays runs with the triggers on again.
  if (ctx.skipChecks) await tx.execute(sql`set local session_replication_role = replica`);
  // generate_series is estimated at 1,000 rows a call: PostgreSQL would JIT-compile every statement,
  // which costs seconds each and saves nothing here.
  await tx.execute(sql`set local jit = off`);
  await tx.execute(sql`select setseed(${((ctx.seed + daysBetween('2000-01-01', from)) % 10_000) / 10_000})`);

  // The month's group orders, one per company, approved; a 男 and a 女 group each. A second history
  // over the same days numbers its orders after the first's.
  const [numbered] = await selectRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from group_orders where order_no like ${`TDH${stem}%`}`,
  );
  const offset = Number(numbered?.n ?? 0);
  const groupOrders = await selectRows<{ id: number; company_id: number; n: number }>(
    tx,
    sql`insert into group_orders (order_no, order_name, company_id, branch_id, plan_from, plan_to, approval_state,
          submitted_by, submitted_at, approved_by, approved_at, closed, closed_at, created_by, created_at, report_delivery)
        select 'TDH' || ${stem} || lpad((${offset}::int + n)::text, 2, '0'), c.company_name || ${`${from.slice(0, 7)} 年度体检`},
          c.id, ${ctx.branchId}::int, ${from}::date, ${to}::date, 'approved',
          ${staff.registrar}::int, ${cst(`'${from}'`, -2 * 1440)}, ${staff.finance}::int, ${cst(`'${from}'`, -1440)},
          ${sql.raw(String(to < today))}, case when ${sql.raw(String(to < today))} then ${cst(`'${to}'`, 1080)} end,
          ${staff.registrar}::int, ${cst(`'${from}'`, -3 * 1440)}, 'company'
        from unnest(${ints(ctx.companies)}) with ordinality as x(company_id, n)
        join companies c on c.id = x.company_id
        returning id, company_id, substring(order_no from 12)::int - ${offset}::int as n`,
  );
  await tx.execute(sql`
    insert into company_groups (company_id, group_order_id, group_name, group_code, package_id, gender_limit, priority, pay_mode)
    select g.company_id, g.id, s.name, s.code, (s.packages)[1 + (g.id % cardinality(s.packages))], s.sex, 0, 'company'
    from group_orders g
    cross join (values ('男职工组', 'M', '1', ${ints(ctx.packages.male)}), ('女职工组', 'F', '2', ${ints(ctx.packages.female)}))
      as s(name, code, sex, packages)
    where g.id = any(${ints(groupOrders.map((g) => Number(g.id)))})`);

  // The visits: how many a day by weekday, then each one's person, package, discount and status.
  const surnames = SURNAMES.filter(([, w]) => w >= 1).map(([s]) => s);
  await tx.execute(sql`
    create temporary table h_visit on commit drop as
    with days as materialized (
      select d::date as day, (${sql.raw(`'${today}'`)}::date - d::date) as age, coalesce(s.last_seq, 0) as last_seq
      from generate_series(${from}::date, ${to}::date, interval '1 day') d
      left join (select o.exam_date, max(substring(o.order_id from 9)::int) as last_seq from orders o
        where o.exam_date between ${from}::date and ${to}::date and o.order_id ~ '^[0-9]{14}$'
          and left(o.order_id, 8) = to_char(o.exam_date, 'YYYYMMDD')
        group by o.exam_date) s on s.exam_date = d::date
    ), drawn as (
      select days.day, days.age, days.last_seq, 450 + floor(random() * 210)::int as reg_minute,
        case when random() < 0.5 then '1' else '2' end as sex,
        random() as r_group, random() as r_status, random() as r_rate, random() as r_method, random() as r_pay
      from days, lateral generate_series(1, greatest(1, round(${ctx.perDay * (ctx.visits === null ? 1 : OVERDRAW)}::numeric
        * (${sql.param(WEEKDAY_LOAD)}::numeric[])[1 + extract(dow from days.day)::int] * (0.8 + 0.4 * random()))::int))
    ), kept as (
      ${
        ctx.visits === null
          ? sql`select * from drawn`
          : // One of each day first, so every day keeps a visit when there are enough for that.
            sql`select * from (select d.*, row_number() over (partition by d.day order by random()) as nth from drawn d) x
              order by x.nth = 1 desc, random() limit ${ctx.visits}`
      }
    )
    select to_char(day, 'YYYYMMDD') || lpad((last_seq + row_number() over (partition by day order by reg_minute, random()))::text, 6, '0') as order_id,
      day, age, sex, reg_minute, ${cst('day', sql`reg_minute`)} as reg_at,
      nextval(pg_get_serial_sequence('customers', 'id'))::int as customer_id,
      ${pick(texts(surnames))} || case when random() < 0.6 then ${pick(texts(GIVEN_NAME_CHARS['1']))} else '' end
        || case when sex = '1' then ${pick(texts(GIVEN_NAME_CHARS['1']))} else ${pick(texts(GIVEN_NAME_CHARS['2']))} end as cust_name,
      (day - (floor(random() * 365 * 48)::int + 365 * 20)) as birthday,
      r_group < 0.35 as is_group,
      case when r_group < 0.35 then floor(r_group / 0.35 * ${ctx.companies.length})::int + 1 end as group_n,
      case when sex = '1' then ${pick(ints(ctx.packages.male))} else ${pick(ints(ctx.packages.female))} end as own_package,
      case when r_rate < 0.4 then 1.0 when r_rate < 0.6 then 0.95 when r_rate < 0.8 then 0.9 when r_rate < 0.92 then 0.85 else 0.8 end as rate,
      case when r_group >= 0.35 and r_status < 0.1 then 'entry' else 'health' end as exam_type,
      case
        when age >= 6 then case when r_status < 0.92 then 'report_sent' else 'report_printed' end
        when age >= 4 then case when r_status < 0.5 then 'report_printed' else 'final_trial' end
        when age = 3 then case when r_status < 0.4 then 'final_trial' else 'main_trial' end
        when age = 2 then case when r_status < 0.5 then 'main_trial' else 'first_trial' end
        else 'depts_done' end as status,
      ${pick(ints(staff.cashiers))} as cashier,
      case ${sql.join(
        cumulative(WALK_IN_METHODS).map(([method, upTo]) => sql`when r_method < ${upTo} then ${method}`),
        sql` `,
      )} else 'cash' end as method,
      r_pay
    from kept`);
  // The group visits' orders and groups; each takes its group's package at the group's price.
  await tx.execute(
    sql`alter table h_visit add column group_order_id int, add column group_id int, add column package_id int`,
  );
  await tx.execute(sql`
    update h_visit v set group_order_id = g.id, group_id = cg.id, package_id = cg.package_id, rate = 0.9
    from group_orders g join company_groups cg on cg.group_order_id = g.id
    where v.is_group and g.id = any(${ints(groupOrders.map((g) => Number(g.id)))})
      and substring(g.order_no from 12)::int - ${offset}::int = v.group_n and cg.gender_limit = v.sex`);
  await tx.execute(sql`update h_visit set package_id = own_package where package_id is null`);
  await tx.execute(sql`update h_visit set is_group = false where group_id is null`);
  await tx.execute(sql`create index on h_visit (order_id)`);
  await tx.execute(sql`analyze h_visit`);

  // Lines: the package's unions (those the sex allows) and, for a third, one or two added on their own.
  // Each line done, or 弃检, 迟检 (a week later) or 补检 (three days later) with the reason.
  await tx.execute(sql`
    create temporary table h_line on commit drop as
    select l.order_id, l.union_id, l.dept_id, l.origin, l.pay_mode, l.list_price, l.price,
      case when l.r < 0.03 then '2' when l.r < 0.04 then '3' when l.r < 0.05 then '5' else '1' end as status,
      case when l.r >= 0.03 and l.r < 0.04 then l.day + 7 when l.r >= 0.04 and l.r < 0.05 then l.day + 3 end as exec_date,
      case when l.r < 0.03 then '受检者放弃' when l.r < 0.04 then '经期，改期检查'
        when l.r < 0.05 then '当日未能完成，预约补检' end as exec_reason
    from (
      select v.order_id, v.day, u.id as union_id, u.dept_id, 'package' as origin,
        case when v.is_group then 'company' else 'self' end as pay_mode,
        u.price as list_price, case when u.no_discount then u.price else round(u.price * v.rate, 2) end as price,
        random() as r
      from h_visit v
      join package_unions pu on pu.package_id = v.package_id
      join unions u on u.id = pu.union_id and u.gender_limit in ('0', v.sex)
      union all
      (select distinct on (v.order_id, u.id) v.order_id, v.day, u.id, u.dept_id, 'extra', 'self', u.price,
        case when v.is_group or u.no_discount then u.price else round(u.price * v.rate, 2) end, random()
      from h_visit v
      cross join lateral (select ${pick(ints(ctx.extraUnions))} as union_id
        from generate_series(1, 2 + 0 * v.reg_minute)) e
      join unions u on u.id = e.union_id and u.gender_limit in ('0', v.sex)
      where v.r_pay < 0.33
        and not exists (select 1 from package_unions pu where pu.package_id = v.package_id and pu.union_id = u.id))
    ) l`);
  await tx.execute(sql`create index on h_line (order_id)`);
  await tx.execute(sql`analyze h_line`);

  // Conclusions from the library: none for a third, up to four for the others, once reviewed.
  await tx.execute(sql`
    create temporary table h_diag on commit drop as
    select distinct on (v.order_id, d.id) v.order_id, d.id as diag_id, d.diag_name, d.dept_id, d.advice, x.n
    from h_visit v
    cross join lateral (select n, ${pick(ints(ctx.diagnoses))} as diag_id
      from generate_series(1, floor(random() * 5)::int + 0 * v.reg_minute) n) x
    join diagnoses d on d.id = x.diag_id
    where v.status not in ('depts_done')`);

  const rank = (status: string) => sql`(case ${sql.raw(status)}
      when 'depts_done' then 4 when 'first_trial' then 5 when 'main_trial' then 6 when 'final_trial' then 7
      when 'report_printed' then 8 when 'report_sent' then 9 else 0 end)`;
  // The moves of the status machine: [to, day offset, minutes after registration or at that day].
  const steps = sql`(values ('registered', null, 1, 0, 0), ('checked_in', 'registered', 2, 0, 5),
      ('in_exam', 'checked_in', 3, 0, 15), ('depts_done', 'in_exam', 4, 0, 200),
      ('first_trial', 'depts_done', 5, 1, 600), ('main_trial', 'first_trial', 6, 1, 900),
      ('final_trial', 'main_trial', 7, 2, 600), ('report_printed', 'final_trial', 8, 3, 840),
      ('report_sent', 'report_printed', 9, 5, 600)) as s(to_status, from_status, rank, day_offset, minute)`;
  const stepAt = sql`case when s.day_offset = 0 then v.reg_at + s.minute * interval '1 minute'
      else ${cst(sql`v.day + s.day_offset`, sql`s.minute + (v.reg_minute % 60)`)} end`;

  await tx.execute(sql`
    insert into customers (id, cust_name, sex, birthday, created_at)
    select customer_id, cust_name, sex, birthday, reg_at from h_visit`);
  await tx.execute(sql`
    insert into orders (order_id, customer_id, exam_type, package_id, company_id, group_id, status, exam_date,
      total_price, conclusion, advice, registered_by, branch_id, created_at, updated_at)
    select v.order_id, v.customer_id, v.exam_type, v.package_id, g.company_id, v.group_id, v.status, v.day,
      coalesce(t.total, 0),
      case when ${rank('v.status')} >= 5 then coalesce(c.conclusion, '未见明显异常') end,
      case when ${rank('v.status')} >= 5 then coalesce(c.advice, '定期体检') end,
      ${staff.registrar}::int, ${ctx.branchId}::int, v.reg_at, v.reg_at
    from h_visit v
    left join group_orders g on g.id = v.group_order_id
    left join (select order_id, sum(price) as total from h_line group by order_id) t on t.order_id = v.order_id
    left join (select order_id, string_agg(diag_name, '；' order by n) as conclusion,
        nullif(string_agg(advice, '；' order by n) filter (where advice <> ''), '') as advice
      from h_diag group by order_id) c on c.order_id = v.order_id`);
  await tx.execute(sql`
    insert into group_persons (group_order_id, group_id, cust_name, sex, birthday, marital, order_id, created_by, created_at)
    select group_order_id, group_id, cust_name, sex, birthday, '0', order_id, ${staff.registrar}::int, reg_at - interval '3 days'
    from h_visit where is_group`);
  await tx.execute(sql`
    insert into order_status_log (order_id, from_status, to_status, user_id, created_at)
    select v.order_id, s.from_status, s.to_status,
      case when s.rank <= 3 then ${staff.registrar}::int when s.rank = 5 then ${staff.chief}::int
        when s.rank = 6 then ${staff.mainChief}::int when s.rank = 7 then ${staff.reviewer}::int
        when s.rank >= 8 then ${staff.registrar}::int end,
      ${stepAt}
    from h_visit v join ${steps} on s.rank <= ${rank('v.status')} or s.rank <= 3`);

  // Each department's doctor (the demo accounts' departments); the first doctor elsewhere.
  await tx.execute(sql`
    create temporary table h_doctor on commit drop as
    select l.dept_id, coalesce(min(d.doctor), ${staff.fallbackDoctor}::int) as doctor
    from (select distinct dept_id from h_line) l
    left join unnest(${ints(staff.doctors.map(([dept]) => dept))}, ${ints(staff.doctors.map(([, doctor]) => doctor))})
      as d(dept, doctor) on d.dept = l.dept_id
    group by l.dept_id`);
  await tx.execute(sql`
    insert into order_unions (order_id, union_id, dept_id, price, list_price, fee_charged, status, origin, pay_mode,
      exec_by, exec_at, exec_reason, exec_date)
    select l.order_id, l.union_id, l.dept_id, l.price, l.list_price,
      l.pay_mode = 'company' or l.status <> '2', l.status, l.origin, l.pay_mode,
      case when l.status <> '1' then dr.doctor end,
      case when l.status <> '1' then v.reg_at + interval '2 hours' end,
      l.exec_reason, l.exec_date
    from h_line l join h_visit v on v.order_id = l.order_id join h_doctor dr on dr.dept_id = l.dept_id`);
  await tx.execute(sql`
    insert into order_depts (order_id, dept_id, exam_date, status, sign_user_id, signed_at)
    select l.order_id, l.dept_id, v.day, '2', dr.doctor, v.reg_at + interval '3 hours'
    from (select distinct order_id, dept_id from h_line) l
    join h_visit v on v.order_id = l.order_id join h_doctor dr on dr.dept_id = l.dept_id`);
  // Results of the lines done: a number drawn around its range (flagged H or L outside it), or the normal text.
  await tx.execute(sql`
    insert into item_results (order_id, item_id, union_id, dept_id, result_value, unit, ref_range, abnormal_flag,
      entered_by, entered_at)
    select order_id, item_id, union_id, dept_id,
      coalesce(value::text, normal_text, '未见异常'), unit,
      case when low is not null and high is not null then trim_scale(low)::text || '-' || trim_scale(high)::text else '' end,
      case when value > high then 'H' when value < low then 'L' else '' end,
      doctor, entered_at
    from (
      select distinct on (l.order_id, i.id) l.order_id, i.id as item_id, l.union_id, l.dept_id, i.unit, i.normal_text,
        case when v.sex = '1' then i.ref_low_male else i.ref_low_female end as low,
        case when v.sex = '1' then i.ref_high_male else i.ref_high_female end as high,
        dr.doctor, v.reg_at + interval '150 minutes' as entered_at, random() as r
      from h_line l
      join h_visit v on v.order_id = l.order_id
      join h_doctor dr on dr.dept_id = l.dept_id
      join union_items ui on ui.union_id = l.union_id
      join exam_items i on i.id = ui.item_id
      where l.status = '1'
    ) x, lateral (select case when low is not null and high is not null
        then round(low + (high - low) * (r * 1.24 - 0.12)::numeric, 2) end as value) y`);
  await tx.execute(sql`
    insert into order_diagnoses (order_id, dept_id, diag_id, diag_name, advice, sort, added_by, added_by_name)
    select d.order_id, d.dept_id, d.diag_id, d.diag_name, d.advice, d.n, ${staff.chief}::int, ${staff.chiefName}
    from h_diag d join h_visit v on v.order_id = d.order_id where ${rank('v.status')} >= 5`);
  await tx.execute(sql`
    insert into reviews (order_id, step, result, reviewer_id, reviewer_name, created_at)
    select v.order_id, x.step, 'pass', x.reviewer, x.name, ${stepAt}
    from h_visit v
    join (values (5, 'first', ${staff.chief}::int, ${staff.chiefName}::text),
                 (6, 'main', ${staff.mainChief}::int, ${staff.mainChiefName}::text),
                 (7, 'final', ${staff.reviewer}::int, ${staff.reviewerName}::text)) as x(rank, step, reviewer, name)
      on x.rank <= ${rank('v.status')}
    join ${steps} on s.rank = x.rank`);
  await tx.execute(sql`
    insert into report_prints (order_id, source, operator_id, printed_at)
    select v.order_id, 'staff', ${staff.registrar}::int, ${stepAt}
    from h_visit v join ${steps} on s.rank = 8 where ${rank('v.status')} >= 8`);

  // Money: a walk-in pays the self lines at registration; a group visit's package is 统收 and its
  // extras paid by the person; a 弃检 self line is refunded in the afternoon.
  await tx.execute(sql`
    insert into payments (order_id, purpose, kind, amount, pay_method, total_charge, operator_id, branch_id, paid_at)
    select v.order_id, 'visit', 'charge', t.amount, m.method, m.method = 'company', v.cashier, ${ctx.branchId}::int,
      v.reg_at + interval '4 minutes'
    from h_visit v
    cross join lateral (select 'self' as pay_mode, v.method union all select 'company', 'company') m(pay_mode, method)
    join lateral (select sum(l.price) as amount from h_line l where l.order_id = v.order_id and l.pay_mode = m.pay_mode) t
      on t.amount > 0`);
  await tx.execute(sql`
    insert into payments (order_id, purpose, kind, refund_of, amount, pay_method, operator_id, branch_id, note, paid_at)
    select p.order_id, 'visit', 'refund', p.id, -w.amount, p.pay_method, p.operator_id, p.branch_id, '弃检退费',
      p.paid_at + interval '5 hours'
    from payments p
    join (select l.order_id, sum(l.price) as amount from h_line l
          where l.status = '2' and l.pay_mode = 'self' group by l.order_id) w on w.order_id = p.order_id
    where p.order_id in (select order_id from h_visit) and p.kind = 'charge' and p.pay_method <> 'company'`);

  // 团体结算 of the orders finished five days before today: the company lines not given up, checked out.
  const settleDay = addDays(to, 5);
  if (settleDay < today) {
    const settledIds = groupOrders.filter((g) => Number(g.n) <= SETTLED_PER_MONTH).map((g) => Number(g.id));
    await tx.execute(sql`
      insert into settlements (settlement_no, group_order_id, state, waive_mode, person_count, receivable, settle_amount,
        net_amount, checkout_amount, remark, created_by, created_at, audited_by, audited_at, checked_out_by, checked_out_at)
      select 'JS' || ${compactDate(settleDay)} || lpad((9000 + substring(g.order_no from 12)::int)::text, 4, '0'), g.id,
        '已结账', 'exclude_waived', 0, 0, 0, 0, 0, ${`${from.slice(0, 7)} 月度结算`},
        ${staff.finance}::int, ${cst(`'${settleDay}'`, 540)}, ${staff.finance}::int, ${cst(`'${settleDay}'`, 600)},
        ${staff.finance}::int, ${cst(`'${settleDay}'`, 660)}
      from group_orders g where g.id = any(${ints(settledIds)})`);
    await tx.execute(sql`
      insert into settlement_lines (settlement_id, order_id, union_id, price, acc_charge)
      select s.id, l.order_id, l.union_id, l.price, l.price
      from settlements s
      join h_visit v on v.group_order_id = s.group_order_id
      join h_line l on l.order_id = v.order_id and l.pay_mode = 'company' and l.status <> '2'
      where s.group_order_id = any(${ints(settledIds)})`);
    await tx.execute(sql`
      update settlements s set person_count = t.persons, receivable = t.amount, settle_amount = t.amount,
        net_amount = t.amount, checkout_amount = t.amount
      from (select settlement_id, count(distinct order_id)::int as persons, sum(acc_charge) as amount
            from settlement_lines where settlement_id in (select id from settlements
              where group_order_id = any(${ints(settledIds)})) group by settlement_id) t
      where t.settlement_id = s.id`);
    await tx.execute(sql`
      insert into payments (purpose, settlement_id, amount, pay_method, note, operator_id, branch_id, paid_at)
      select 'settlement', s.id, s.net_amount, 'transfer', '结算单转账', ${staff.finance}::int, ${ctx.branchId}::int,
        s.checked_out_at
      from settlements s where s.group_order_id = any(${ints(settledIds)}) and s.net_amount > 0`);
  }
  const [count] = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from h_visit`);
  return Number(count?.n ?? 0);
}

/** [method, cumulative share] for a CASE over one random draw. */
function cumulative(weights: readonly (readonly [string, number])[]): [string, number][] {
  const total = weights.reduce((s, [, w]) => s + w, 0);
  let upTo = 0;
  return weights.map(([method, w]) => {
    upTo += w / total;
    return [method, Number(upTo.toFixed(6))];
  });
}

/**
 * 收费员日结 then 财务日结 for each day in [from, to]: per cashier, the open lines paid that day; per
 * day, its cashier day-ends. The totals are summed by the database, as day-end-service.ts sums them;
 * the lines take their day-end's id by one update from null (the trigger's one allowed change).
 */
export async function closeHistoryDays(tx: Db, from: string, to: string, closedBy: number): Promise<void> {
  const nonCash = texts([...NON_CASH_METHODS]);
  const purposes = Object.keys(INCOME_OF_PURPOSE);
  const incomes = Object.values(INCOME_OF_PURPOSE);
  const payDay = sql`(p.paid_at at time zone 'Asia/Shanghai')::date`;
  await tx.execute(sql`
    create temporary table h_open on commit drop as
    select p.id, p.operator_id, ${payDay} as day, p.pay_method, p.purpose, p.amount, p.branch_id
    from payments p
    where p.day_end_id is null and p.operator_id is not null
      and p.paid_at >= ${cst(`'${from}'`, 0)} and p.paid_at < ${cst(`'${addDays(to, 1)}'`, 0)}`);
  await tx.execute(sql`
    insert into cashier_day_ends (day_end_no, cashier_id, branch_id, line_count, total, received_total, by_method,
      by_purpose, closed_at)
    select ${DAY_END_PREFIX.cashier} || to_char(c.day, 'YYYYMMDD')
        || lpad((c.last_seq + row_number() over (partition by c.day order by c.operator_id))::text, 4, '0'),
      c.operator_id, c.branch_id, c.lines, c.total, c.received,
      (select jsonb_object_agg(m.pay_method, m.amount::text) from (select o.pay_method, sum(o.amount) as amount
         from h_open o where o.operator_id = c.operator_id and o.day = c.day group by o.pay_method) m),
      coalesce((select jsonb_object_agg(m.income, m.amount::text) from (
         select coalesce(i.income, 'visit') as income, sum(o.amount) as amount
         from h_open o left join unnest(${texts(purposes)}, ${texts(incomes)}) as i(purpose, income) on i.purpose = o.purpose
         where o.operator_id = c.operator_id and o.day = c.day and not (o.pay_method = any(${nonCash}))
         group by 1) m), '{}'::jsonb),
      ${cst(sql`c.day`, sql`1050 + (c.operator_id % 30)`)}
    from (
      select o.operator_id, o.day, count(*)::int as lines, sum(o.amount) as total,
        coalesce(sum(o.amount) filter (where not (o.pay_method = any(${nonCash}))), 0) as received,
        case when count(distinct o.branch_id) = 1 then min(o.branch_id) end as branch_id,
        coalesce((select max(substring(e.day_end_no from 11)::int) from cashier_day_ends e
          where e.day_end_no like ${DAY_END_PREFIX.cashier} || to_char(o.day, 'YYYYMMDD') || '%'), 0) as last_seq
      from h_open o group by o.operator_id, o.day
    ) c`);
  await tx.execute(sql`
    update payments p set day_end_id = e.id
    from h_open o, cashier_day_ends e
    where p.id = o.id and p.day_end_id is null and e.cashier_id = o.operator_id
      and e.finance_day_end_id is null and (e.closed_at at time zone 'Asia/Shanghai')::date = o.day
      and e.day_end_no like ${DAY_END_PREFIX.cashier} || to_char(o.day, 'YYYYMMDD') || '%'`);
  // 财务日结 of each day: every cashier day-end of that day not yet rolled up.
  const cashierDay = sql`(e.closed_at at time zone 'Asia/Shanghai')::date`;
  await tx.execute(sql`
    insert into finance_day_ends (day_end_no, closed_by, month, cashier_count, total, received_total, by_method, closed_at)
    select ${DAY_END_PREFIX.finance} || to_char(f.day, 'YYYYMMDD')
        || lpad((coalesce((select max(substring(x.day_end_no from 11)::int) from finance_day_ends x
          where x.day_end_no like ${DAY_END_PREFIX.finance} || to_char(f.day, 'YYYYMMDD') || '%'), 0) + 1)::text, 4, '0'),
      ${closedBy}::int, to_char(f.day, 'YYYY-MM'), f.cashiers, f.total, f.received,
      (select jsonb_object_agg(m.key, m.amount::text) from (
         select kv.key, sum(kv.value::numeric) as amount
         from cashier_day_ends e, jsonb_each_text(e.by_method) kv
         where e.finance_day_end_id is null and ${cashierDay} = f.day group by kv.key) m),
      ${cst(sql`f.day`, 1110)}
    from (
      select ${cashierDay} as day, count(distinct e.cashier_id)::int as cashiers, sum(e.total) as total,
        sum(e.received_total) as received
      from cashier_day_ends e
      where e.finance_day_end_id is null and ${cashierDay} between ${from}::date and ${to}::date
      group by 1
    ) f`);
  await tx.execute(sql`
    update cashier_day_ends e set finance_day_end_id = f.id
    from finance_day_ends f
    where e.finance_day_end_id is null and ${cashierDay} between ${from}::date and ${to}::date
      and f.day_end_no like ${DAY_END_PREFIX.finance} || to_char(${cashierDay}, 'YYYYMMDD') || '%'
      and f.closed_at = ${cst(sql`${cashierDay}`, 1110)}`);
}

/** Seeds the history (see above); returns how many visits it added. */
export async function seedDemoHistory(db: Db, options: HistoryOptions): Promise<HistoryResult> {
  const started = performance.now();
  const today = options.today ?? todayCst();
  if (!isValidDay(today)) throw new Error(`seedDemoHistory: today must be YYYY-MM-DD, not ${today}`);
  if (!Number.isInteger(options.days) || options.days < 1) throw new Error('seedDemoHistory: days must be ≥ 1');
  if (!(options.perDay > 0)) throw new Error('seedDemoHistory: perDay must be above 0');
  const chunkDays = options.chunkDays ?? 31;
  const staff = await loadStaff(db);
  const branchId = await firstBranchId(db);
  const companies = await historyCompanies(db);
  const packages = await packagesFor(db);
  const extraUnions = (
    await selectRows<{ id: number }>(db, sql`select id from unions where is_active order by id`)
  ).map((r) => Number(r.id));
  const diagnoses = (
    await selectRows<{ id: number }>(db, sql`select id from diagnoses where is_active order by id`)
  ).map((r) => Number(r.id));
  if (diagnoses.length === 0) throw new Error('seedDemoHistory: the diagnosis library is empty');
  const [role] = await selectRows<{ super: boolean }>(
    db,
    sql`select rolsuper as super from pg_roles where rolname = current_user`,
  );
  const skipChecks = role?.super === true;
  const first = addDays(today, -options.days);
  const yesterday = addDays(today, -1);
  let visits = 0;
  for (let from = first; from <= yesterday; from = addDays(from, chunkDays)) {
    const to = addDays(from, chunkDays - 1) < yesterday ? addDays(from, chunkDays - 1) : yesterday;
    const chunkStarted = performance.now();
    visits += await db.transaction(async (tx) => {
      const n = await seedChunk(tx, {
        from,
        to,
        today,
        perDay: options.perDay,
        visits: options.visits === undefined ? null : visitsBetween(options.visits, first, yesterday, from, to),
        seed: options.seed ?? 2026,
        staff,
        branchId,
        companies,
        packages,
        extraUnions,
        diagnoses,
        skipChecks,
      });
      if (skipChecks) await tx.execute(sql`set local session_replication_role = origin`);
      await closeHistoryDays(tx, from, to, staff.finance);
      return n;
    });
    options.onProgress?.(
      `  ${from} … ${to}: ${visits} visits so far (${((performance.now() - chunkStarted) / 1000).toFixed(1)} s)`,
    );
  }
  await analyze(db);
  return { visits, days: options.days, ms: Math.round(performance.now() - started) };
}
