import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  cardConsumeListReport,
  groupDiscountReport,
  incomeDetailsReport,
  INVOICE_APPLICATION_STATE_LABELS,
  INVOICE_TYPE_LABELS,
  PAY_METHODS,
  paymentMethodReport,
  paymentMethodStatisticsReport,
  settlementDetailsReport,
  settlementInvoiceDetailsReport,
  type BiFilterValues,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { examTypeName, labelOf, localTime, payMethodName, paymentKindName, purposeName } from './labels.js';
import { payLines } from './finance-report.js';
import { branchIs, idIs, serveReport, textIs, timeRange } from './serve-report.js';

/** A timestamp's hospital day (Asia/Shanghai) as 'YYYY-MM-DD' text. */
const localDay = (column: SQL) => sql`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;

/** The group order a visit belongs to: its 团体名单 person, else its 分组 (as 团体结算 reads it). */
const visitGroupOrder = (order: SQL) => sql`coalesce(
  (select gp.group_order_id from group_persons gp where gp.order_id = ${order}.order_id limit 1),
  (select cg.group_order_id from company_groups cg where cg.id = ${order}.group_id))`;

/** The key of a row whose first part is an id; a bad one matches nothing. */
const keyId = (key: string[]) => (/^\d+$/.test(key[0] ?? '') ? Number(key[0]) : -1);

/** 报表导出 (bi/report_export, breadth §4.4): the payment and settlement sub-reports, live from the money lines. */
export function serveReportExport(app: FastifyInstance, db: Db): void {
  serveReport(app, db, paymentMethodReport, {
    rows: (f) => sql`
      select p.operator_id as cashier_id, coalesce(u.user_name, '（未记录）') as cashier_name,
        p.pay_method, ${payMethodName(sql`p.pay_method`)} as method_name,
        sum(p.lines)::int as line_count, sum(p.amount) as amount
      from ${payLines(f)} left join users u on u.id = p.operator_id
      group by p.operator_id, u.user_name, p.pay_method`,
    orderBy: '"cashier_name", "pay_method"',
    drill: (f, key) => sql`
      select p.id, ${localTime(sql`p.paid_at`)} as paid_at, ${purposeName(sql`p.purpose`)} as purpose_name,
        ${paymentKindName(sql`p.kind`)} as kind_name, p.order_id, c.card_no, p.trade_no, p.amount, p.paid_at as __paid_at
      from payments p left join exam_cards c on c.id = p.card_id
      where ${timeRange(f, sql`p.paid_at`)} and ${branchIs(f, sql`p.branch_id`)}
        and ${idIs(f, 'cashier_id', sql`p.operator_id`)}
        ${key ? sql`and p.operator_id is not distinct from ${key[0] === '' ? null : Number(key[0])}::int and p.pay_method = ${key[1]}` : sql``}`,
    // By the time itself (payments_paid_at_idx): a page, and each 10,000 lines of the export, off the index.
    drillOrderBy: '"__paid_at", "id"',
  });

  const settlementRows = (f: BiFilterValues) => sql`
    select s.id as settlement_id, s.settlement_no, g.order_no, c.company_name,
      ${localDay(sql`s.checked_out_at`)} as settle_date, s.person_count, s.receivable, s.settle_amount,
      s.fee_total, s.deduction, coalesce(pay.paid, 0) as paid, pay.methods, u.user_name as operator_name,
      ${localTime(sql`s.checked_out_at`)} as settled_at
    from settlements s
      join group_orders g on g.id = s.group_order_id
      join companies c on c.id = g.company_id
      left join users u on u.id = s.checked_out_by
      left join lateral (
        select sum(p.amount) as paid,
          string_agg(distinct ${payMethodName(sql`p.pay_method`)}, '、') filter (
            where p.kind = 'charge' and not exists (select 1 from payments r where r.refund_of = p.id)) as methods
        from payments p where p.settlement_id = s.id and p.purpose = 'settlement') pay on true
    where s.state = '已结账' and ${timeRange(f, sql`s.checked_out_at`)} and ${branchIs(f, sql`g.branch_id`)}
      and ${idIs(f, 'group_order_id', sql`g.id`)} and ${idIs(f, 'company_id', sql`g.company_id`)}`;
  serveReport(app, db, settlementDetailsReport, {
    listing: true,
    rows: settlementRows,
    orderBy: '"settled_at", "settlement_id"',
    drill: (f, key) => sql`
      select p.id, ${localTime(sql`p.paid_at`)} as paid_at, ${paymentKindName(sql`p.kind`)} as kind_name,
        ${payMethodName(sql`p.pay_method`)} as method_name, p.amount, u.user_name as operator_name, p.trade_no,
        d.day_end_no, p.note
      from payments p
        left join users u on u.id = p.operator_id
        left join cashier_day_ends d on d.id = p.day_end_id
      where p.purpose = 'settlement' and ${
        key
          ? sql`p.settlement_id = ${keyId(key)}`
          : sql`p.settlement_id in (select r.settlement_id from (${settlementRows(f)}) r)`
      }`,
    drillOrderBy: '"paid_at", "id"',
  });

  serveReport(app, db, incomeDetailsReport, {
    listing: true,
    rows: (f) => sql`
      select p.id, ${localTime(sql`p.paid_at`)} as paid_at, ${purposeName(sql`p.purpose`)} as purpose_name,
        ${paymentKindName(sql`p.kind`)} as kind_name,
        coalesce(vc.company_name, vgc.company_name, sgc.company_name, ac.company_name) as company_name,
        cu.cust_name, coalesce(vg.order_no, sg.order_no) as group_order_no, p.order_id, ec.card_no,
        b.branch_name, ${examTypeName(sql`o.exam_type`)} as exam_type_name, u.user_name as cashier_name,
        ${payMethodName(sql`p.pay_method`)} as method_name,
        -- 原价 once per visit: the list prices of its 自费 lines, on its first charge line (§11.5 折扣 = 实收 / 原价);
        -- from bi_visit_facts where the refresh has them (a hash join, not two look-ups per line), live otherwise.
        case when p.purpose = 'visit' and p.kind = 'charge' and p.id = coalesce(vf.first_charge_id, (
            select min(first.id) from payments first
            where first.order_id = p.order_id and first.purpose = 'visit' and first.kind = 'charge'))
          then coalesce(vf.self_list_total, (select coalesce(sum(ou.list_price), 0) from order_unions ou
            where ou.order_id = p.order_id and ou.pay_mode = 'self' and ou.returned_at is null))
        end as list_amount,
        p.amount, p.paid_at as __paid_at
      from payments p
        left join orders o on o.order_id = p.order_id
        -- One look-up per line (a period's lines, not every visit's facts hashed).
        left join lateral (select f.first_charge_id, f.self_list_total from bi_visit_facts f
          where f.order_id = p.order_id offset 0) vf on true
        left join customers cu on cu.id = o.customer_id
        left join companies vc on vc.id = o.company_id
        left join group_orders vg on vg.id = ${visitGroupOrder(sql`o`)}
        left join companies vgc on vgc.id = vg.company_id
        left join settlements s on s.id = p.settlement_id
        left join group_orders sg on sg.id = s.group_order_id
        left join companies sgc on sgc.id = sg.company_id
        left join company_accounts ca on ca.id = p.company_account_id
        left join companies ac on ac.id = ca.company_id
        left join exam_cards ec on ec.id = p.card_id
        left join branches b on b.id = p.branch_id
        left join users u on u.id = p.operator_id
      where ${timeRange(f, sql`p.paid_at`)} and ${branchIs(f, sql`p.branch_id`)}
        and ${idIs(f, 'company_id', sql`coalesce(o.company_id, vg.company_id, sg.company_id, ca.company_id)`)}
        and ${idIs(f, 'group_order_id', sql`coalesce(vg.id, sg.id)`)}
        and ${idIs(f, 'cashier_id', sql`p.operator_id`)}
        and ${textIs(f, 'cust_name', sql`cu.cust_name`)} and ${textIs(f, 'order_id', sql`p.order_id`)}
        and ${textIs(f, 'exam_type', sql`o.exam_type`)} and ${textIs(f, 'pay_method', sql`p.pay_method`)}
        and ${textIs(f, 'purpose', sql`p.purpose`)}`,
    // By the time itself, which payments_paid_at_idx serves: the page reads 20 lines, not the range.
    orderBy: '"__paid_at", "id"',
  });

  const invoiceRows = (f: BiFilterValues) => {
    const at = f.date_kind === 'issue' ? sql`x.issued_at` : sql`x.applied_at`;
    return sql`
      select x.row_id, x.company_name, x.order_no, x.state_name, ${localDay(sql`x.applied_at`)} as applied_date,
        x.invoice_type_name, x.title, x.face_amount, x.invoice_no, x.issued_amount, x.issuer_name,
        ${localDay(sql`x.issued_at`)} as issued_date
      from (
        select 'A' || a.id as row_id, c.company_name, g.order_no,
          ${labelOf(sql`a.state::text`, INVOICE_APPLICATION_STATE_LABELS)} as state_name, a.applied_at,
          ${labelOf(sql`a.invoice_type`, INVOICE_TYPE_LABELS)} as invoice_type_name, a.title, a.amount as face_amount,
          a.invoice_no, case when i.state = 'issued' then i.amount else 0 end as issued_amount,
          iu.user_name as issuer_name, i.issued_at, a.company_id, a.group_order_id, a.branch_id
        from invoice_applications a
          join companies c on c.id = a.company_id
          join group_orders g on g.id = a.group_order_id
          left join invoices i on i.id = a.invoice_id
          left join users iu on iu.id = i.issued_by
        union all
        -- Group invoices issued without an application (e.g. for a settlement).
        select 'I' || i.id, c.company_name, g.order_no, case i.state when 'voided' then '已作废' else '已出票' end,
          i.issued_at, case i.kind when 'receipt' then '收据' else '发票' end, i.title, i.amount, i.invoice_no,
          case when i.state = 'issued' then i.amount else 0 end, iu.user_name, i.issued_at, g.company_id, g.id,
          g.branch_id
        from invoices i
          left join settlements s on s.id = i.settlement_id
          join group_orders g on g.id = coalesce(i.group_order_id, s.group_order_id)
          join companies c on c.id = g.company_id
          left join users iu on iu.id = i.issued_by
        where i.scope = 'group' and i.application_id is null
      ) x
      where ${timeRange(f, at)} and ${branchIs(f, sql`x.branch_id`)}
        and ${idIs(f, 'company_id', sql`x.company_id`)} and ${idIs(f, 'group_order_id', sql`x.group_order_id`)}
        and ${textIs(f, 'state_name', sql`x.state_name`)}`;
  };
  serveReport(app, db, settlementInvoiceDetailsReport, {
    rows: invoiceRows,
    orderBy: '"applied_date", "row_id"',
    drill: (f, key) => {
      const rowIds = key ? sql`${key[0] ?? ''}` : sql`any(select r.row_id from (${invoiceRows(f)}) r)`;
      return sql`
        select i.id, i.invoice_no, case i.state when 'voided' then '已作废' else '已出票' end as state_name, i.amount,
          u.user_name as issuer_name, ${localTime(sql`i.issued_at`)} as issued_at,
          ${localTime(sql`i.voided_at`)} as voided_at, i.void_reason
        from invoices i left join users u on u.id = i.issued_by
        where ('A' || i.application_id) = ${rowIds} or ('I' || i.id) = ${rowIds}`;
    },
    drillOrderBy: '"issued_at", "id"',
  });

  // A group order's visits: its 团体名单 people's, and those registered into one of its 分组. The
  // figures add up bi_visit_facts of the order's 分组 (bi_visit_facts_order_idx); the drill-down lists
  // the visits live.
  const groupLines = (g: SQL) => sql`
    select o.order_id, o.customer_id, o.exam_date, sum(ou.list_price) as list_total, sum(ou.price) as price_total
    from (
        select gp.order_id from group_persons gp where gp.group_order_id = ${g} and gp.order_id is not null
        union
        select gv.order_id from orders gv join company_groups cg on cg.id = gv.group_id where cg.group_order_id = ${g}
      ) m
      join orders o on o.order_id = m.order_id
      join order_unions ou on ou.order_id = o.order_id
    where o.status <> 'prepared' and ou.returned_at is null
    group by o.order_id`;
  serveReport(app, db, groupDiscountReport, {
    listing: true,
    rows: (f) => sql`
      select g.id as group_order_id, g.order_no, g.order_name, c.company_name, su.user_name as sales_name,
        ${localDay(sql`g.approved_at`)} as book_date, g.plan_from::text as plan_from, g.plan_to::text as plan_to,
        g.discount_rate * 100 as discount_rate, coalesce(v.visit_count, 0) as visit_count,
        coalesce(v.list_total, 0) as list_total, coalesce(v.price_total, 0) as price_total,
        coalesce(v.list_total, 0) - coalesce(v.price_total, 0) as discount_total,
        case when v.list_total > 0 then v.price_total * 100 / v.list_total end as actual_rate
      from group_orders g
        join companies c on c.id = g.company_id
        left join users su on su.id = g.sales_user_id
        left join lateral (
          select sum(f.visits)::int as visit_count, sum(f.list_total) as list_total, sum(f.price_total) as price_total
          from bi_group_order_days f where f.group_order_id = g.id) v on true
      where g.approved_at is not null and ${timeRange(f, sql`g.approved_at`)} and ${branchIs(f, sql`g.branch_id`)}
        and ${textIs(f, 'order_no', sql`g.order_no`)}
        and ${f.order_name ? sql`position(${String(f.order_name)} in g.order_name) > 0` : sql`true`}
        and ${f.discounted === '1' ? sql`g.discount_rate is not null and g.discount_rate < 1` : f.discounted === '0' ? sql`(g.discount_rate is null or g.discount_rate >= 1)` : sql`true`}`,
    orderBy: '"book_date", "group_order_id"',
    drill: (_f, key) => sql`
      select l.order_id, cu.cust_name, l.exam_date::text as exam_date, l.list_total, l.price_total
      from (${groupLines(sql`${key ? keyId(key) : -1}::int`)}) l join customers cu on cu.id = l.customer_id`,
    drillOrderBy: '"order_id"',
  });

  const periodFormat = (f: BiFilterValues) => (f.period === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD');
  const periodOf = (f: BiFilterValues) => sql`to_char(p.paid_at at time zone 'Asia/Shanghai', ${periodFormat(f)})`;
  const byMethod = PAY_METHODS.map(
    (m) => sql`coalesce(sum(p.lines) filter (where p.pay_method = ${m}), 0)::int as ${sql.identifier(`${m}_count`)},
      coalesce(sum(p.amount) filter (where p.pay_method = ${m}), 0) as ${sql.identifier(`${m}_amount`)}`,
  );
  serveReport(app, db, paymentMethodStatisticsReport, {
    rows: (f) => sql`
      select to_char(p.day, ${periodFormat(f)}) as period, ${sql.join(byMethod, sql`, `)},
        sum(p.lines)::int as line_count, sum(p.amount) as amount
      from ${payLines({ ...f, cashier_id: undefined })}
      group by 1`,
    orderBy: '"period"',
    drill: (f, key) => sql`
      select p.id, ${localTime(sql`p.paid_at`)} as paid_at, ${payMethodName(sql`p.pay_method`)} as method_name,
        ${purposeName(sql`p.purpose`)} as purpose_name, ${paymentKindName(sql`p.kind`)} as kind_name,
        u.user_name as cashier_name, p.order_id, p.amount
      from payments p left join users u on u.id = p.operator_id
      where ${timeRange(f, sql`p.paid_at`)} and ${branchIs(f, sql`p.branch_id`)}
        ${key ? sql`and ${periodOf(f)} = ${key[0]}` : sql``}`,
    drillOrderBy: '"paid_at", "id"',
  });

  serveReport(app, db, cardConsumeListReport, {
    listing: true,
    rows: (f) => sql`
      select l.id, ${localTime(sql`l.created_at`)} as created_at, e.card_no, t.type_name, l.kind, l.amount,
        l.balance_after::text as balance_after, l.order_id, b.branch_name, u.user_name as operator_name, l.note
      from card_ledger l
        join exam_cards e on e.id = l.card_id
        join card_types t on t.id = e.type_id
        left join orders o on o.order_id = l.order_id
        left join branches b on b.id = o.branch_id
        left join users u on u.id = l.operator_id
      where l.kind in ('消费', '退款', '充值', '作废') and l.amount <> 0
        and ${timeRange(f, sql`l.created_at`)} and ${branchIs(f, sql`o.branch_id`)}
        and ${textIs(f, 'card_no', sql`e.card_no`)} and ${textIs(f, 'kind', sql`l.kind`)}
        and ${f.direction === 'in' ? sql`l.amount > 0` : f.direction === 'out' ? sql`l.amount < 0` : sql`true`}`,
    orderBy: '"created_at", "id"',
  });
}
