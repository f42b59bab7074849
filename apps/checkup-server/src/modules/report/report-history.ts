import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  companies,
  customers,
  orders,
  packages,
  reportDeliveries,
  reportPrints,
  reportReviews,
  users,
} from '../../db/schema.js';
import { ageAt } from '../orders/order-repository.js';
import { reportState } from './report-state.js';

/** A visit with every print, check and delivery of its report, oldest first. */
export async function readReportHistory(db: Db, orderId: string) {
  const [order] = await db
    .select({
      orderId: orders.orderId,
      custName: customers.custName,
      specialFlag: customers.specialFlag,
      sex: customers.sex,
      age: ageAt(orders.examDate),
      examDate: orders.examDate,
      status: orders.status,
      reportState,
      packageName: packages.packageName,
      companyName: companies.companyName,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(packages, eq(packages.id, orders.packageId))
    .leftJoin(companies, eq(companies.id, orders.companyId))
    .where(eq(orders.orderId, orderId));
  if (!order) return null;
  const [prints, reviews, deliveries] = await Promise.all([
    db
      .select({ source: reportPrints.source, operatorName: users.userName, printedAt: reportPrints.printedAt })
      .from(reportPrints)
      .leftJoin(users, eq(users.id, reportPrints.operatorId))
      .where(eq(reportPrints.orderId, orderId))
      .orderBy(asc(reportPrints.printedAt), asc(reportPrints.id)),
    db
      .select()
      .from(reportReviews)
      .where(eq(reportReviews.orderId, orderId))
      .orderBy(asc(reportReviews.createdAt), asc(reportReviews.id)),
    db
      .select({
        method: reportDeliveries.method,
        recipient: reportDeliveries.recipient,
        destinationEnc: reportDeliveries.destinationEnc,
        status: reportDeliveries.status,
        detail: reportDeliveries.detail,
        operatorName: users.userName,
        createdAt: reportDeliveries.createdAt,
      })
      .from(reportDeliveries)
      .leftJoin(users, eq(users.id, reportDeliveries.operatorId))
      .where(eq(reportDeliveries.orderId, orderId))
      .orderBy(asc(reportDeliveries.createdAt), asc(reportDeliveries.id)),
  ]);
  return { order, prints, reviews, deliveries };
}
