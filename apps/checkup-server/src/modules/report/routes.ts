import type { FastifyInstance } from 'fastify';
import {
  AppError,
  DELIVERY_METHODS,
  REPORT_REVIEW_RESULTS,
  lockReportReviewRoute,
  maskName,
  maskPersonalText,
  reportHistoryRoute,
  reportListRoute,
  reportReviewRoute,
  unlockReportReviewRoute,
  type DeliveryMethod,
  type OrderStatus,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { lockOrRefuse, releaseLock } from '../locks/record-locks.js';
import { personOfOrder } from '../orders/order-repository.js';
import { assertCanViewPerson } from '../people/confidential.js';
import type { PersonalData } from '../people/personal-data.js';
import { parseSearchKey } from '../people/search-key.js';
import { readReportHistory } from './report-history.js';
import { searchReports } from './report-list.js';
import { reviewReport } from './report-review-service.js';

/** Lists show a name in full to users who may see confidential persons, masked to everyone else. */
function nameFor(user: UserInfo, name: string, specialFlag: string): string {
  if (user.special_flag === '1') return name;
  return specialFlag === '1' ? '***' : maskName(name);
}

const iso = (at: Date | null) => at?.toISOString() ?? null;
const asMethod = (m: unknown) => ((DELIVERY_METHODS as readonly unknown[]).includes(m) ? (m as DeliveryMethod) : null);
const asResult = (r: unknown) =>
  (REPORT_REVIEW_RESULTS as readonly unknown[]).includes(r) ? (r as (typeof REPORT_REVIEW_RESULTS)[number]) : null;

/** Report lists, the report check (报告审核) with its record lock of spec §7, and a report's history. */
export async function reportRoutes(app: FastifyInstance, opts: { db: Db; personalData: PersonalData }) {
  const { db, personalData } = opts;

  defineRoute(app, lockReportReviewRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'report_review');
    const until = await lockOrRefuse(db, { type: 'report_review', key: input.order_id }, user);
    return { order_id: input.order_id, locked_until: until.toISOString() };
  });

  defineRoute(app, unlockReportReviewRoute, async ({ input, user }) => ({
    released: await releaseLock(db, { type: 'report_review', key: input.order_id }, user.id),
  }));

  defineRoute(app, reportListRoute, async ({ input, user }) => {
    const { rows, total } = await searchReports(db, {
      stage: input.stage,
      dateFrom: input.date_from,
      dateTo: input.date_to,
      key: input.key ? parseSearchKey(input.key, personalData) : undefined,
      companyId: input.company_id,
      mayViewConfidential: user.special_flag === '1',
      page: input.page,
      size: input.size,
    });
    return {
      list: rows.map((r) => ({
        order_id: r.orderId,
        cust_name: nameFor(user, r.custName, r.specialFlag),
        special_flag: r.specialFlag,
        sex: r.sex,
        age: r.age,
        exam_type: r.examType,
        exam_date: r.examDate,
        status: r.status as OrderStatus,
        // Every listed visit has one (report-state.ts hasReportState).
        report_state: r.reportState!,
        package_name: r.packageName,
        company_name: r.companyName,
        print_count: r.printCount,
        last_printed_at: iso(r.lastPrintedAt),
        review_result: asResult(r.reviewResult),
        review_reason: r.reviewReason,
        reviewed_at: iso(r.reviewedAt),
        delivery_count: r.deliveryCount,
        last_delivery_method: asMethod(r.lastDeliveryMethod),
        last_delivered_at: iso(r.lastDeliveredAt as Date | null),
        review_exception_flag: r.exceptionFlag,
      })),
      total,
      page: input.page,
      size: input.size,
    };
  });

  defineRoute(app, reportHistoryRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'report_history');
    const found = await readReportHistory(db, input.order_id);
    if (!found) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
    const { order, prints, reviews, deliveries } = found;
    return {
      order_id: order.orderId,
      cust_name: nameFor(user, order.custName, order.specialFlag),
      special_flag: order.specialFlag,
      sex: order.sex,
      age: order.age,
      exam_date: order.examDate,
      status: order.status as OrderStatus,
      report_state: order.reportState,
      package_name: order.packageName,
      company_name: order.companyName,
      prints: prints.map((p) => ({
        source: p.source,
        operator_name: p.operatorName,
        printed_at: p.printedAt.toISOString(),
      })),
      reviews: reviews.map((r) => ({
        result: asResult(r.result) ?? 'reject',
        reason: r.reason,
        reviewer_name: r.reviewerName,
        created_at: r.createdAt.toISOString(),
      })),
      deliveries: deliveries.map((d) => ({
        method: asMethod(d.method) ?? 'pickup',
        recipient: d.recipient,
        // Phone numbers are not shown back in full (spec §5).
        destination:
          d.destinationEnc && maskPersonalText(personalData.open('report_deliveries.destination', d.destinationEnc)),
        status: d.status,
        detail: d.detail,
        operator_name: d.operatorName,
        created_at: d.createdAt.toISOString(),
      })),
    };
  });

  defineRoute(app, reportReviewRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'report_review');
    return reviewReport(db, { orderId: input.order_id, result: input.result, reason: input.reason }, user, request.ip);
  });
}
