import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { REPORT_STAGE_STATES, type OrderStatus, type ReportStage, type ReportState } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';

type Reader = Pick<Db, 'select'>;

/*
 * The one report state (contract REPORT_STATES) of a visit, derived rather than stored: the visit's
 * status already says whether its report is printed (report_printed) or sent (report_sent), moving
 * through the status machine with its log, so a second column would be a second truth to keep in
 * step. The report tables are the history; from them only the latest check since the latest staff
 * print decides between to_review, rejected and to_send. The report lists, the print column, the
 * report check and sending all read this expression.
 */

const order = orders.orderId;

// The print a check covers: the latest by staff (print_rpt, or marked by hand). A copy the examinee
// prints at the kiosk is not a new report to check.
const lastStaffPrintAt = sql`(select max(p.printed_at) from report_prints p where p.order_id = ${order} and p.source <> 'kiosk')`;

// The latest check made since that print; any check counts for a report printed before prints were
// recorded (as the demo data and older installations have them).
const checkSincePrint = sql`(select r.result from report_reviews r
  where r.order_id = ${order} and (${lastStaffPrintAt} is null or r.created_at >= ${lastStaffPrintAt})
  order by r.created_at desc, r.id desc limit 1)`;

/** The report state of each visit, as an SQL expression on orders; null before the final review. */
export const reportState = sql<ReportState | null>`case ${orders.status}
  when 'final_trial' then 'to_print'
  when 'report_sent' then 'sent'
  when 'report_printed' then case ${checkSincePrint} when 'pass' then 'to_send' when 'reject' then 'rejected' else 'to_review' end
  end`;

// The status each state needs: a condition on it first lets the orders index narrow the rows.
const STATUS_OF: Record<ReportState, OrderStatus> = {
  to_print: 'final_trial',
  to_review: 'report_printed',
  rejected: 'report_printed',
  to_send: 'report_printed',
  sent: 'report_sent',
};

/** The visits whose report has a state at all: final-reviewed, printed or sent. */
export const hasReportState = inArray(orders.status, [...new Set(Object.values(STATUS_OF))]);

/** The visits a report screen's filter shows (contract REPORT_STAGE_STATES). */
export function stageCondition(stage: ReportStage): SQL {
  const states = REPORT_STAGE_STATES[stage];
  return and(inArray(orders.status, [...new Set(states.map((s) => STATUS_OF[s]))]), inArray(reportState, [...states]))!;
}

/** The report state of one visit; undefined for an unknown visit, null before its final review. */
export async function reportStateOf(db: Reader, orderId: string): Promise<ReportState | null | undefined> {
  const [row] = await db.select({ state: reportState }).from(orders).where(eq(orders.orderId, orderId));
  return row ? row.state : undefined;
}
