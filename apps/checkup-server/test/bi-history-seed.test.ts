import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { BiFilterValues } from '@checkup/api-contract';
import { addDays } from '../src/db/demo/dates.js';
import { seedDemoHistory, type HistoryResult } from '../src/db/demo/history.js';
import { refreshStatistics, type BiRefreshState } from '../src/modules/bi/refresh.js';
import { selectRows } from '../src/modules/bi/sql-rows.js';
import { payLines } from '../src/modules/bi/finance-report.js';
import { DISCOUNT_BAND } from '../src/modules/bi/finance-revenue.js';
import { factRows as disAnaFactRows, rows as disAnaRows } from '../src/modules/bi/dis-ana.js';
import { todayCst } from '../src/lib/hospital-day.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';

/**
 * 统计分析's demo history (issue 24): 91 past days, 150 visits (about two a working day), ending yesterday — every
 * day has visits, payments and closed day-ends, the reviewed visits have conclusions, and the refresh
 * derives the aggregate tables from it.
 */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  const today = todayCst();
  const first = addDays(today, -91);
  let seeded: HistoryResult;
  let refreshed: BiRefreshState;
  const one = async <T>(query: ReturnType<typeof sql>) => (await selectRows<T>(db(), query))[0]!;

  beforeAll(async () => {
    seeded = await seedDemoHistory(db(), { days: 91, perDay: 2, visits: 150, today });
    refreshed = await refreshStatistics(db());
  }, 120_000);

  it('has visits on every one of the 91 days before today, none today', async () => {
    const row = await one<{ days: number; visits: number; before: number; after: number }>(sql`
      select count(distinct exam_date)::int as days, count(*)::int as visits,
        count(*) filter (where exam_date < ${first}::date)::int as before,
        count(*) filter (where exam_date >= ${today}::date)::int as after
      from orders`);
    // Asked for exactly 150 (as --orders N asks), it writes exactly 150.
    expect(row).toEqual({ days: 91, visits: 150, before: 0, after: 0 });
    expect(seeded.visits).toBe(150);
  });

  it('takes money every day, by several methods and cashiers, refunds included, and closes every line', async () => {
    const row = await one<{ days: number; methods: number; cashiers: number; refunds: number; open: number }>(sql`
      select count(distinct (paid_at at time zone 'Asia/Shanghai')::date)::int as days,
        count(distinct pay_method)::int as methods, count(distinct operator_id)::int as cashiers,
        count(*) filter (where kind = 'refund' and refund_of is not null and amount < 0)::int as refunds,
        count(*) filter (where day_end_id is null)::int as open
      from payments`);
    expect(row.days).toBeGreaterThanOrEqual(90);
    expect(row.methods).toBeGreaterThanOrEqual(4);
    expect(row.cashiers).toBeGreaterThanOrEqual(2);
    expect(row.refunds).toBeGreaterThan(0);
    expect(row.open).toBe(0);
    // A walk-in's charge is the sum of its 自费 lines; its refund gives back the 弃检 ones.
    const mismatched = await one<{ n: number }>(sql`
      select count(*)::int as n from orders o
      where o.group_id is null and (select coalesce(sum(amount), 0) from payments p where p.order_id = o.order_id)
        <> (select coalesce(sum(price), 0) from order_unions u where u.order_id = o.order_id and u.status <> '2')`);
    expect(mismatched.n).toBe(0);
  });

  it('closes a 收费员日结 per cashier and day with its lines to the fen, and a 财务日结 per day over them', async () => {
    const cashier = await one<{ days: number; wrong: number; loose: number }>(sql`
      select count(distinct (e.closed_at at time zone 'Asia/Shanghai')::date)::int as days,
        count(*) filter (where e.total <> t.total or e.line_count <> t.lines)::int as wrong,
        count(*) filter (where e.finance_day_end_id is null)::int as loose
      from cashier_day_ends e
      join (select day_end_id, sum(amount) as total, count(*)::int as lines from payments group by day_end_id) t
        on t.day_end_id = e.id`);
    expect(cashier.days).toBeGreaterThanOrEqual(90);
    expect(cashier).toMatchObject({ wrong: 0, loose: 0 });
    const finance = await one<{ days: number; wrong: number }>(sql`
      select count(*)::int as days, count(*) filter (where f.total <> t.total or f.received_total <> t.received)::int as wrong
      from finance_day_ends f
      join (select finance_day_end_id as id, sum(total) as total, sum(received_total) as received
            from cashier_day_ends group by finance_day_end_id) t on t.id = f.id`);
    expect(finance.days).toBeGreaterThanOrEqual(90);
    expect(finance.wrong).toBe(0);
    // A closed line stays closed: the append-only trigger is on, and the history respected it.
    await expect(
      db().execute(sql`update payments set day_end_id = null where id = (select min(id) from payments)`),
    ).rejects.toThrow();
  });

  it('reviews, concludes and prints the visits past those steps', async () => {
    const row = await one<{ finals: number; reviewed: number; concluded: number; printed: number; prints: number }>(sql`
      select (select count(*)::int from reviews where step = 'final' and result = 'pass') as finals,
        count(*) filter (where status in ('final_trial', 'report_printed', 'report_sent'))::int as reviewed,
        count(*) filter (where exists (select 1 from order_diagnoses d where d.order_id = o.order_id
          and d.diag_id is not null))::int as concluded,
        count(*) filter (where status in ('report_printed', 'report_sent'))::int as printed,
        (select count(distinct order_id)::int from report_prints) as prints
      from orders o`);
    expect(row.finals).toBe(row.reviewed);
    expect(row.printed).toBe(row.prints);
    expect(row.concluded).toBeGreaterThan(0);
    const lines = await one<{ states: string[]; results: number }>(sql`
      select array_agg(distinct status order by status) as states, (select count(*)::int from item_results) as results
      from order_unions`);
    expect(lines.states).toEqual(expect.arrayContaining(['1', '2']));
    expect(lines.results).toBeGreaterThan(seeded.visits);
  });

  it('registers group visits on approved orders, lists their people, and settles finished orders', async () => {
    const row = await one<{ visits: number; listed: number; unapproved: number }>(sql`
      select count(*)::int as visits,
        count(*) filter (where exists (select 1 from group_persons p where p.order_id = o.order_id))::int as listed,
        count(*) filter (where g.approval_state <> 'approved')::int as unapproved
      from orders o join company_groups cg on cg.id = o.group_id join group_orders g on g.id = cg.group_order_id`);
    expect(row.visits).toBeGreaterThan(0);
    expect(row).toMatchObject({ listed: row.visits, unapproved: 0 });
    const settled = await one<{ count: number; wrong: number; unpaid: number }>(sql`
      select count(*)::int as count,
        count(*) filter (where s.net_amount <> (select sum(acc_charge) from settlement_lines l where l.settlement_id = s.id))::int as wrong,
        count(*) filter (where not exists (select 1 from payments p where p.settlement_id = s.id
          and p.amount = s.net_amount))::int as unpaid
      from settlements s where s.state = '已结账'`);
    expect(settled.count).toBeGreaterThan(0);
    expect(settled).toMatchObject({ wrong: 0, unpaid: 0 });
  });

  it('fills bi_visit_facts from it, every visit with its lines to the fen', async () => {
    expect(refreshed.visits).toBe(seeded.visits);
    const row = await one<{ facts: string; lines: string; audited: number; finals: number }>(sql`
      select (select sum(price_total)::text from bi_visit_facts) as facts,
        (select sum(price)::text from order_unions where returned_at is null) as lines,
        (select count(*)::int from bi_visit_facts where audit_date is not null) as audited,
        (select count(distinct order_id)::int from reviews where step = 'final' and result = 'pass') as finals`);
    expect(row.facts).toBe(row.lines);
    expect(row.audited).toBe(row.finals);
  });

  /** Rows of a rollup that a direct grouping of the lines does not give, and the other way round. */
  async function rollupMismatches(): Promise<number> {
    const measures = sql`count(distinct l.order_id)::int, count(*)::int, sum(l.list_price), sum(l.price),
      count(*) filter (where l.status = '1')::int, count(*) filter (where l.status = '5')::int,
      count(*) filter (where l.status = '3')::int, count(*) filter (where l.status = '2')::int`;
    const cols = 'visits, lines, list_price, price, done, makeup, deferred, waived';
    const dept = sql`select l.exam_date, l.branch_id, l.dept_id, l.is_group, ${measures}
      from bi_line_facts l where not l.returned group by 1, 2, 3, 4`;
    const doctor = sql`select l.exam_date, l.branch_id, w.doctor_id, w.role, l.is_group, ${measures}
      from bi_line_facts l join bi_visit_facts v on v.order_id = l.order_id
      cross join lateral (values ('dept', l.doctor_id), ('chief', v.chief_id), ('final', v.final_reviewer_id)) w(role, doctor_id)
      where not l.returned and w.doctor_id is not null group by 1, 2, 3, 4, 5`;
    const rolled = (table: string, keys: string) => sql.raw(`select ${keys}, ${cols} from ${table}`);
    const row = await one<{ n: number }>(sql`select (
      (select count(*) from ((${dept}) except all (${rolled('bi_dept_days', 'exam_date, branch_id, dept_id, is_group')})) a)
      + (select count(*) from ((${rolled('bi_dept_days', 'exam_date, branch_id, dept_id, is_group')}) except all (${dept})) b)
      + (select count(*) from ((${doctor}) except all (${rolled('bi_doctor_days', 'exam_date, branch_id, doctor_id, role, is_group')})) c)
      + (select count(*) from ((${rolled('bi_doctor_days', 'exam_date, branch_id, doctor_id, role, is_group')}) except all (${doctor})) d)
    )::int as n`);
    return row.n + (await otherRollupMismatches());
  }

  /** The same for 登记工作量's, 团体折扣's and 审核工作量's rollups, against the facts and the reviews. */
  async function otherRollupMismatches(): Promise<number> {
    const pairs: [ReturnType<typeof sql>, string][] = [
      [
        sql`select v.exam_date, v.branch_id, v.exam_type, v.is_group, v.status, v.paid, ${DISCOUNT_BAND}, count(*)::int,
          sum(v.list_total), sum(v.price_total) from bi_visit_facts v group by 1, 2, 3, 4, 5, 6, 7`,
        'select exam_date, branch_id, exam_type, is_group, status, paid, band, visits, list_total, price_total from bi_register_days',
      ],
      [
        sql`select v.exam_date, v.group_order_id, count(*)::int, sum(v.list_total), sum(v.price_total)
          from bi_visit_facts v where v.status <> 'prepared' and v.group_order_id is not null group by 1, 2`,
        'select exam_date, group_order_id, visits, list_total, price_total from bi_group_order_days',
      ],
      [
        sql`select (r.created_at at time zone 'Asia/Shanghai')::date, o.branch_id, o.group_id is not null, r.reviewer_id,
          r.reviewer_name, r.step, r.result, count(*)::int
          from reviews r join orders o on o.order_id = r.order_id group by 1, 2, 3, 4, 5, 6, 7`,
        'select day, branch_id, is_group, reviewer_id, reviewer_name, step, result, acts from bi_review_days',
      ],
      [
        sql`select l.exam_date, l.branch_id, d.dept_id, coalesce(a.added_by, v.registered_by),
            count(distinct l.order_id)::int, count(*)::int, sum(l.list_price), sum(l.price)
          from order_unions u join orders o on o.order_id = u.order_id
          join bi_line_facts l on l.order_id = u.order_id and l.union_id = u.union_id
          join bi_visit_facts v on v.order_id = l.order_id
          left join order_union_additions a on a.order_id = u.order_id and a.union_id = u.union_id
          cross join lateral (values (u.dept_id), (0)) d(dept_id)
          where u.origin in ('extra', 'dept') and u.returned_at is null group by 1, 2, 3, 4`,
        'select exam_date, branch_id, dept_id, adder_id, visits, lines, list_total, price_total from bi_dispatch_days',
      ],
    ];
    let n = 0;
    for (const [direct, table] of pairs) {
      const rolled = sql.raw(table);
      const row = await one<{ n: number; rows: number }>(sql`select (
        (select count(*) from ((${direct}) except all (${rolled})) a) + (select count(*) from ((${rolled}) except all (${direct})) b)
      )::int as n, (select count(*) from (${rolled}) c)::int as rows`);
      expect(row.rows).toBeGreaterThan(0);
      n += row.n;
    }
    return n;
  }

  it('rolls the lines up per day for 科室分析, 医生分析, 登记工作量, 团体折扣, 审核工作量 and 加项工作量, and rolls a changed day up again', async () => {
    const counts = await one<{ dept: number; doctor: number }>(sql`
      select (select count(*)::int from bi_dept_days) as dept, (select count(*)::int from bi_doctor_days) as doctor`);
    expect(counts.dept).toBeGreaterThan(0);
    expect(counts.doctor).toBeGreaterThan(0);
    expect(await rollupMismatches()).toBe(0);
    // A line of a visit a month or more ago is waived (its order touched, as the desk does): the incremental
    // refresh takes that visit, and its day's rollups follow.
    const old = await one<{ order_id: string; day: string }>(sql`
      select u.order_id, o.exam_date::text as day from order_unions u join orders o on o.order_id = u.order_id
      where o.exam_date <= ${addDays(today, -30)}::date and u.status = '1' and u.returned_at is null
      order by o.exam_date desc limit 1`);
    await db().execute(sql`update order_unions set status = '2'
      where order_id = ${old.order_id} and union_id = (select min(union_id) from order_unions
        where order_id = ${old.order_id} and status = '1' and returned_at is null)`);
    // And a return of it on its own day, which that day's 审核工作量 rollup takes once the visit is refreshed.
    await db().execute(sql`insert into reviews (order_id, step, result, reason, reviewer_id, reviewer_name, created_at)
      select ${old.order_id}, 'first', 'return', '补充', min(reviewer_id), '补录审核人', ${`${old.day}T06:00:00Z`} from reviews`);
    await db().execute(sql`update orders set updated_at = now() where order_id = ${old.order_id}`);
    const before = await one<{ waived: number }>(sql`
      select coalesce(sum(waived), 0)::int as waived from bi_dept_days where exam_date = ${old.day}::date`);
    const state = await refreshStatistics(db());
    // The incremental refresh counts by what it removed and added: still the tables' own counts.
    const counted = await one<{ visits: number; lines: number }>(sql`
      select (select count(*)::int from bi_visit_facts) as visits, (select count(*)::int from bi_line_facts) as lines`);
    expect({ visits: state.visits, lines: state.lines }).toEqual(counted);
    const after = await one<{ waived: number }>(sql`
      select coalesce(sum(waived), 0)::int as waived from bi_dept_days where exam_date = ${old.day}::date`);
    expect(after.waived).toBe(before.waived + 1);
    const review = await one<{ acts: number }>(sql`
      select coalesce(sum(acts), 0)::int as acts from bi_review_days where reviewer_name = '补录审核人' and day = ${old.day}::date`);
    expect(review.acts).toBe(1);
    expect(await rollupMismatches()).toBe(0);
  });

  it('sums the money lines per day up to the rollup’s last day, and reads a line added later on such a day live, once', async () => {
    const direct = sql`select (paid_at at time zone 'Asia/Shanghai')::date::text as day, count(*)::int as lines,
        sum(amount)::text as amount from payments group by 1`;
    const viaRollup = sql`select p.day::text as day, sum(p.lines)::int as lines, sum(p.amount)::text as amount
        from ${payLines({})} group by 1`;
    const byDay = async (query: ReturnType<typeof sql>) =>
      (await selectRows<{ day: string; lines: number; amount: string }>(db(), query)).sort((a, b) =>
        a.day.localeCompare(b.day),
      );
    const state = await one<{ through: string; rolled: number }>(sql`
      select pay_through::text as through, (select count(distinct day)::int from bi_pay_days) as rolled
      from bi_refresh_state`);
    // Every seeded day has ended (an hour's margin at most keeps yesterday live).
    expect(state.through >= addDays(today, -2) && state.through <= addDays(today, -1)).toBe(true);
    expect(state.rolled).toBeGreaterThanOrEqual(89);
    expect(await byDay(viaRollup)).toEqual(await byDay(direct));

    // 对账 补录: a line dated on a summed day, written after the refresh.
    const day = addDays(today, -40);
    const [cashier] = await selectRows<{ id: number }>(db(), sql`select min(operator_id) as id from payments`);
    await db().execute(sql`insert into payments (purpose, kind, order_id, amount, pay_method, operator_id, paid_at)
      values ('visit', 'charge', (select min(order_id) from orders), 12.34, 'cash', ${cashier!.id}, ${`${day}T04:00:00Z`})`);
    const withLine = await byDay(direct);
    expect(await byDay(viaRollup)).toEqual(withLine);
    await refreshStatistics(db());
    expect(await byDay(viaRollup)).toEqual(withLine);
    const rolledDay = await one<{ lines: number }>(sql`
      select coalesce(sum(lines), 0)::int as lines from bi_pay_days where day = ${day}::date`);
    expect(rolledDay.lines).toBe(withLine.find((r) => r.day === day)!.lines);
  });

  it('owes per visit what the working lines owe: 自费 not charged, 统收 in no checked-out statement', async () => {
    const direct = sql`
      select o.order_id, count(*) filter (where u.pay_mode = 'self' and not u.fee_charged)::int,
        coalesce(sum(u.price) filter (where u.pay_mode = 'self' and not u.fee_charged), 0),
        count(*) filter (where u.pay_mode = 'company' and sl.id is null)::int,
        coalesce(sum(u.price) filter (where u.pay_mode = 'company' and sl.id is null), 0)
      from order_unions u join orders o on o.order_id = u.order_id
        left join (settlement_lines sl join settlements s on s.id = sl.settlement_id and s.state = '已结账')
          on sl.order_id = u.order_id and sl.union_id = u.union_id and sl.live
      where u.returned_at is null and u.price <> 0 and o.status <> 'prepared'
      group by o.order_id
      having count(*) filter (where (u.pay_mode = 'self' and not u.fee_charged) or (u.pay_mode = 'company' and sl.id is null)) > 0`;
    const facts = sql`select order_id, owed_self_lines::int, owed_self, owed_company_lines::int, owed_company
      from bi_visit_facts where owed_self_lines > 0 or owed_company_lines > 0`;
    const row = await one<{ n: number; owing: number; settled: number }>(sql`select (
      (select count(*) from ((${direct}) except all (${facts})) a) + (select count(*) from ((${facts}) except all (${direct})) b)
    )::int as n, (select count(*) from (${facts}) f)::int as owing,
      (select count(*) from settlements where state = '已结账')::int as settled`);
    expect(row.owing).toBeGreaterThan(0);
    expect(row.settled).toBeGreaterThan(0);
    expect(row.n).toBe(0);
  });

  it('gives 疾病分析 from the daily rollups as the facts give it, by every grouping and filter', async () => {
    const from = addDays(today, -60);
    const to = addDays(today, -1);
    const sorted = (rows: Record<string, unknown>[]) =>
      rows
        .map((r) =>
          JSON.stringify([
            r.diag_name,
            r.dept_id,
            r.dim,
            r.male_count,
            r.female_count,
            r.found_count,
            r.visit_count,
            String(r.found_rate),
          ]),
        )
        .sort();
    for (const extra of [{}, { dimension: 'age_band' }, { dimension: 'company' }, { sex: '2', age_band: '40' }]) {
      const filter = { date_from: from, date_to: to, ...extra } as BiFilterValues;
      const rolled = await selectRows(db(), disAnaRows(filter));
      expect(rolled.length).toBeGreaterThan(0);
      expect(sorted(rolled)).toEqual(sorted(await selectRows(db(), disAnaFactRows(filter))));
    }
  });
});
