import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentMethodReport } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { localTime, payMethodName, paymentKindName, purposeName } from './labels.js';
import { branchIs, idIs, serveReport, timeRange } from './serve-report.js';

/** 报表导出 (bi/report_export, breadth §4.4): the payment and settlement sub-reports, live from the money lines. */
export function serveReportExport(app: FastifyInstance, db: Db): void {
  serveReport(app, db, paymentMethodReport, {
    rows: (f) => sql`
      select p.operator_id as cashier_id, coalesce(u.user_name, '（未记录）') as cashier_name,
        p.pay_method, ${payMethodName(sql`p.pay_method`)} as method_name,
        count(*)::int as line_count, sum(p.amount) as amount
      from payments p left join users u on u.id = p.operator_id
      where ${timeRange(f, sql`p.paid_at`)} and ${branchIs(f, sql`p.branch_id`)}
        and ${idIs(f, 'cashier_id', sql`p.operator_id`)}
      group by p.operator_id, u.user_name, p.pay_method`,
    orderBy: '"cashier_name", "pay_method"',
    drill: (f, key) => sql`
      select p.id, ${localTime(sql`p.paid_at`)} as paid_at, ${purposeName(sql`p.purpose`)} as purpose_name,
        ${paymentKindName(sql`p.kind`)} as kind_name, p.order_id, c.card_no, p.trade_no, p.amount
      from payments p left join exam_cards c on c.id = p.card_id
      where ${timeRange(f, sql`p.paid_at`)} and ${branchIs(f, sql`p.branch_id`)}
        and ${idIs(f, 'cashier_id', sql`p.operator_id`)}
        ${key ? sql`and p.operator_id is not distinct from ${key[0] === '' ? null : Number(key[0])}::int and p.pay_method = ${key[1]}` : sql``}`,
    drillOrderBy: '"paid_at", "id"',
  });
}
