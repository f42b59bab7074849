import { and, count, desc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { ReportStage } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import {
  companies,
  customers,
  orders,
  packages,
  reportDeliveries,
  reportPrints,
  reportReviews,
} from '../../db/schema.js';
import { openExceptionFlag } from '../orders/open-exceptions.js';
import { ageAt, keyCondition } from '../orders/order-repository.js';
import type { SearchKey } from '../people/search-key.js';
import { hasReportState, reportState, stageCondition } from './report-state.js';

export interface ReportSearch {
  stage?: ReportStage;
  dateFrom?: string;
  dateTo?: string;
  key?: SearchKey;
  companyId?: number;
  /** A user who may not see confidential persons does not find them by a search either. */
  mayViewConfidential: boolean;
  page: number;
  size: number;
}

const order = orders.orderId;
const lastPrintedAt =
  sql<Date | null>`(select max(p.printed_at) from report_prints p where p.order_id = ${order})`.mapWith(
    reportPrints.printedAt,
  );
const printCount = sql<number>`(select count(*)::int from report_prints p where p.order_id = ${order})`;
const lastReviewAt =
  sql<Date | null>`(select max(r.created_at) from report_reviews r where r.order_id = ${order})`.mapWith(
    reportReviews.createdAt,
  );
const lastReview = (column: 'result' | 'reason') =>
  sql<
    string | null
  >`(select ${sql.raw(`r.${column}`)} from report_reviews r where r.order_id = ${order} order by r.created_at desc, r.id desc limit 1)`;
const deliveryCount = sql<number>`(select count(*)::int from report_deliveries d where d.order_id = ${order})`;
const lastDelivery = (column: 'method' | 'created_at') =>
  sql`(select ${sql.raw(`d.${column}`)} from report_deliveries d where d.order_id = ${order} order by d.created_at desc, d.id desc limit 1)`;

function conditionsOf(search: ReportSearch): SQL {
  const conditions: SQL[] = [search.stage ? stageCondition(search.stage) : hasReportState];
  if (search.dateFrom) conditions.push(gte(orders.examDate, search.dateFrom));
  if (search.dateTo) conditions.push(lte(orders.examDate, search.dateTo));
  if (search.companyId) conditions.push(eq(orders.companyId, search.companyId));
  if (search.key) conditions.push(keyCondition(search.key));
  if (search.key && !search.mayViewConfidential) conditions.push(ne(customers.specialFlag, '1'));
  return and(...conditions)!;
}

/** The visits whose report is at the asked stage, the newest exam day first. */
export async function searchReports(db: Db, search: ReportSearch) {
  const where = conditionsOf(search);
  const rows = await db
    .select({
      orderId: orders.orderId,
      custName: customers.custName,
      specialFlag: customers.specialFlag,
      sex: customers.sex,
      age: ageAt(orders.examDate),
      examType: orders.examType,
      examDate: orders.examDate,
      status: orders.status,
      reportState,
      packageName: packages.packageName,
      companyName: companies.companyName,
      printCount,
      lastPrintedAt,
      reviewResult: lastReview('result'),
      reviewReason: lastReview('reason'),
      reviewedAt: lastReviewAt,
      deliveryCount,
      lastDeliveryMethod: lastDelivery('method').mapWith(reportDeliveries.method),
      lastDeliveredAt: lastDelivery('created_at').mapWith(reportDeliveries.createdAt),
      exceptionFlag: openExceptionFlag,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(packages, eq(packages.id, orders.packageId))
    .leftJoin(companies, eq(companies.id, orders.companyId))
    .where(where)
    .orderBy(desc(orders.examDate), desc(orders.orderId))
    .limit(search.size)
    .offset((search.page - 1) * search.size);
  const [total] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
