import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  cardIncomeReport,
  dailyIncomeReport,
  INCOME_OF_PURPOSE,
  invoiceStatisticsReport,
  monthlyIncomeReport,
  NON_CASH_METHODS,
  payMethodIncomeReport,
  refundStatisticsReport,
  type BiFilterValues,
  type DayEndIncome,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { serveFinanceRevenue } from './finance-revenue.js';
import { localTime, payMethodName, paymentKindName, purposeName } from './labels.js';
import { branchIs, dateRange, idIs, serveReport, textIs, timeRange } from './serve-report.js';

/**
 * 财务报表 (bi/finance_report, breadth §4.6, §11.4): the income reports read the money lines live by
 * 收费日期 and split 实收 from 非现金 with the day-end's own rule (NON_CASH_METHODS, INCOME_OF_PURPOSE),
 * so a day's 实收 here is the day-end's 实收 of the same lines. The revenue reports are in finance-revenue.ts.
 */

const list = (values: Iterable<string>) =>
  sql.join(
    [...values].map((v) => sql`${v}`),
    sql`, `,
  );

/** A line brings money in that day (isMoneyReceived). */
const received = sql`p.pay_method not in (${list(NON_CASH_METHODS)})`;
const purposesOf = (income: DayEndIncome) =>
  list(Object.entries(INCOME_OF_PURPOSE).flatMap(([purpose, of]) => (of === income ? [purpose] : [])));
const CARD_PURPOSES = sql`('card_sale', 'card_recharge', 'card_refund')`;

const cstDate = (column: SQL) => sql`(${column} at time zone 'Asia/Shanghai')::date`;
const chargeDay = cstDate(sql`p.paid_at`);
const chargeMonth = sql`to_char(p.paid_at at time zone 'Asia/Shanghai', 'YYYY-MM')`;

/** The lines a money report reads: in the range, the 分中心 and the cashier chosen. */
const linesOf = (f: BiFilterValues) =>
  sql`${timeRange(f, sql`p.paid_at`)} and ${branchIs(f, sql`p.branch_id`)} and ${idIs(f, 'cashier_id', sql`p.operator_id`)}`;

/**
 * The money lines of the range as (day, branch_id, operator_id, pay_method, purpose, kind, lines, amount):
 * bi_pay_days up to its pay_through, the lines after it live, and live too any line added since the
 * rollup that is dated on or before it (对账 补录), so a report stays live and sums each line once.
 * Group `p` by those columns, counting sum(p.lines).
 */
export function payLines(f: BiFilterValues): SQL {
  const after = sql`coalesce((select (s.pay_through + 1)::timestamp at time zone 'Asia/Shanghai' from bi_refresh_state s),
    '-infinity'::timestamptz)`;
  const live = sql`${cstDate(sql`p.paid_at`)}, p.branch_id, p.operator_id, p.pay_method, p.purpose, p.kind, 1, p.amount`;
  return sql`(
    select r.day, r.branch_id, r.operator_id, r.pay_method, r.purpose, r.kind, r.lines, r.amount
    from bi_pay_days r
    where ${dateRange(f, { charge: sql`r.day` })} and ${branchIs(f, sql`r.branch_id`)} and ${idIs(f, 'cashier_id', sql`r.operator_id`)}
    union all
    select ${live} from payments p where p.paid_at >= ${after} and ${linesOf(f)}
    union all
    select ${live} from payments p
    where p.id > coalesce((select s.pay_max_id from bi_refresh_state s), 2147483647) and p.paid_at < ${after}
      and ${linesOf(f)}
  ) p`;
}

const sumOf = (where: SQL) => sql`coalesce(sum(p.amount) filter (where ${where}), 0)`;

/** 实收 by income, 非现金 and 总金额 (§11.4), over the grouped lines. */
const incomeSums = sql`sum(p.lines)::int as line_count,
  ${sumOf(sql`${received} and p.purpose in (${purposesOf('visit')})`)} as visit_income,
  ${sumOf(sql`${received} and p.purpose in (${purposesOf('settlement')})`)} as settlement_income,
  ${sumOf(sql`${received} and p.purpose in (${purposesOf('card')})`)} as card_income,
  ${sumOf(sql`${received} and p.purpose in (${purposesOf('advance')})`)} as advance_income,
  ${sumOf(received)} as received_total,
  ${sumOf(sql`not (${received})`)} as non_cash_total,
  sum(p.amount) as total`;

/** The money lines behind a total: `where` narrows them to the row; `extra`: the amount (and more). */
const moneyLines = (f: BiFilterValues, where: SQL, extra: SQL = sql`, p.amount`) => sql`
  select p.id, ${localTime(sql`p.paid_at`)} as paid_at, ${purposeName(sql`p.purpose`)} as purpose_name,
    ${paymentKindName(sql`p.kind`)} as kind_name, ${payMethodName(sql`p.pay_method`)} as method_name,
    case when ${received} then '是' else '否' end as received_name,
    p.order_id, c.card_no, u.user_name as cashier_name ${extra}
  from payments p
  left join exam_cards c on c.id = p.card_id
  left join users u on u.id = p.operator_id
  left join payments o on o.id = p.refund_of
  where ${linesOf(f)} and ${where}`;

const LINE_ORDER = '"paid_at", "id"';

export function serveFinanceReports(app: FastifyInstance, db: Db): void {
  serveReport(app, db, dailyIncomeReport, {
    rows: (f) => sql`
      select to_char(p.day, 'YYYY-MM-DD') as day, ${incomeSums} from ${payLines(f)} group by p.day`,
    orderBy: '"day"',
    drill: (f, key) => moneyLines(f, key ? sql`${chargeDay} = ${key[0]}::date` : sql`true`),
    drillOrderBy: LINE_ORDER,
  });

  serveReport(app, db, monthlyIncomeReport, {
    rows: (f) => sql`
      select to_char(p.day, 'YYYY-MM') as month, ${incomeSums} from ${payLines(f)} group by 1`,
    orderBy: '"month"',
    drill: (f, key) => moneyLines(f, key ? sql`${chargeMonth} = ${key[0]}` : sql`true`),
    drillOrderBy: LINE_ORDER,
  });

  serveReport(app, db, payMethodIncomeReport, {
    rows: (f) => sql`
      select p.pay_method, ${payMethodName(sql`p.pay_method`)} as method_name,
        case when ${received} then '是' else '否' end as received_name, sum(p.lines)::int as line_count,
        ${sumOf(sql`p.kind = 'charge'`)} as charge_amount, ${sumOf(sql`p.kind <> 'charge'`)} as refund_amount,
        sum(p.amount) as amount
      from ${payLines(f)} group by p.pay_method`,
    // Received methods first (是 before 否, whatever the collation), then by amount.
    orderBy: `("received_name" = '否'), "amount" desc, "pay_method"`,
    drill: (f, key) => moneyLines(f, key ? sql`p.pay_method = ${key[0]}` : sql`true`),
    drillOrderBy: LINE_ORDER,
  });

  const refundsOf = sql`p.kind in ('refund', 'reversal')`;
  const givenBack = (where: SQL) => sql`-${sumOf(where)}`;
  serveReport(app, db, refundStatisticsReport, {
    rows: (f) => sql`
      select to_char(p.day, 'YYYY-MM-DD') as day,
        coalesce(sum(p.lines) filter (where p.kind = 'refund'), 0)::int as refund_count,
        ${givenBack(sql`p.kind = 'refund'`)} as refund_amount,
        coalesce(sum(p.lines) filter (where p.kind = 'reversal'), 0)::int as reversal_count,
        ${givenBack(sql`p.kind = 'reversal'`)} as reversal_amount,
        ${givenBack(sql`p.purpose = 'visit'`)} as visit_amount,
        ${givenBack(sql`p.purpose in ${CARD_PURPOSES}`)} as card_amount,
        ${givenBack(sql`p.purpose in ('settlement', 'advance')`)} as group_amount,
        -sum(p.amount) as total_amount
      from ${payLines(f)} where ${refundsOf} and ${textIs(f, 'pay_method', sql`p.pay_method`)} group by p.day`,
    orderBy: '"day"',
    drill: (f, key) =>
      moneyLines(
        f,
        sql`p.kind in ('refund', 'reversal') and ${textIs(f, 'pay_method', sql`p.pay_method`)}
          ${key ? sql`and ${chargeDay} = ${key[0]}::date` : sql``}`,
        sql`, ${localTime(sql`o.paid_at`)} as original_paid_at, p.note, -p.amount as amount`,
      ),
    drillOrderBy: LINE_ORDER,
  });

  serveReport(app, db, invoiceStatisticsReport, {
    rows: (f) => sql`
      select to_char(e.day, 'YYYY-MM-DD') as day,
        (count(*) filter (where e.counted = 'issued'))::int as issued_count,
        coalesce(sum(e.amount) filter (where e.counted = 'issued'), 0) as issued_amount,
        (count(*) filter (where e.counted = 'voided'))::int as voided_count,
        -coalesce(sum(e.amount) filter (where e.counted = 'voided'), 0) as voided_amount,
        sum(e.amount) as net_amount
      from (${invoiceEvents(f)}) e group by e.day`,
    orderBy: '"day"',
    drill: (f, key) => sql`
      select e.id, ${localTime(sql`e.at`)} as at, case e.counted when 'issued' then '开票' else '作废' end as counted_name,
        i.invoice_no, case i.kind when 'receipt' then '收据' else '发票' end as kind_name,
        case i.scope when 'group' then '团体' else '个人' end as scope_name, i.title, i.order_id,
        u.user_name as operator_name, e.amount
      from (${invoiceEvents(f)}) e join invoices i on i.id = e.id left join users u on u.id = e.operator_id
      where ${key ? sql`e.day = ${key[0]}::date` : sql`true`}`,
    drillOrderBy: '"at", "id"',
  });

  const cardLines = (f: BiFilterValues) =>
    sql`${linesOf(f)} and p.card_id is not null and (p.purpose in ${CARD_PURPOSES} or p.pay_method = 'exam_card')`;
  const cardIncome = (where: SQL) => sumOf(sql`p.purpose in ${CARD_PURPOSES} and ${received} and ${where}`);
  serveReport(app, db, cardIncomeReport, {
    rows: (f) => sql`
      select t.id as type_id, t.type_name,
        coalesce((select count(*) from exam_cards s where s.type_id = t.id and s.sold_at is not null
          and ${timeRange(f, sql`s.sold_at`)} and ${idIs(f, 'cashier_id', sql`s.sold_by`)}), 0)::int as sold_count,
        ${cardIncome(sql`p.purpose = 'card_sale' and p.kind = 'charge'`)} as sale_amount,
        ${cardIncome(sql`p.purpose = 'card_recharge' and p.kind = 'charge'`)} as recharge_amount,
        ${cardIncome(sql`(p.kind <> 'charge' or p.purpose = 'card_refund')`)} as refund_amount,
        ${cardIncome(sql`true`)} as income_total,
        (count(*) filter (where p.purpose = 'visit' and p.kind = 'charge'))::int as consume_count,
        ${sumOf(sql`p.purpose = 'visit'`)} as consume_amount
      from payments p join exam_cards c on c.id = p.card_id join card_types t on t.id = c.type_id
      where ${cardLines(f)} group by t.id, t.type_name`,
    orderBy: '"type_name"',
    drill: (f, key) =>
      moneyLines(
        f,
        sql`p.card_id is not null and (p.purpose in ${CARD_PURPOSES} or p.pay_method = 'exam_card')
          ${key ? sql`and c.type_id = ${Number(key[0]) || 0}` : sql``}`,
      ),
    drillOrderBy: LINE_ORDER,
  });

  serveFinanceRevenue(app, db);
}

/**
 * Invoices as the day-end counts them (§11.4 发票总金额): an issue on its day and by its issuer, a void
 * negatively on its day and by whoever voided it.
 */
function invoiceEvents(f: BiFilterValues) {
  const scope = textIs(f, 'scope', sql`i.scope`);
  return sql`
    select i.id, (i.issued_at at time zone 'Asia/Shanghai')::date as day, i.issued_at as at, 'issued' as counted,
      i.issued_by as operator_id, i.amount
    from invoices i
    where ${timeRange(f, sql`i.issued_at`)} and ${idIs(f, 'cashier_id', sql`i.issued_by`)} and ${scope}
    union all
    select i.id, (i.voided_at at time zone 'Asia/Shanghai')::date, i.voided_at, 'voided', i.voided_by, -i.amount
    from invoices i
    where i.state = 'voided' and ${timeRange(f, sql`i.voided_at`)} and ${idIs(f, 'cashier_id', sql`i.voided_by`)}
      and ${scope}`;
}
