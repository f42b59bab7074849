import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { KIOSK_PRINTABLE_STATUSES, type SelfPrintReport } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { customers, orders, packages, reportPrints } from '../../db/schema.js';
import { withoutOpenException } from '../orders/open-exceptions.js';

/** The latest customer row of an ID number, by its look-up hash (either length, x or X). */
export async function customerByIdCard(db: Db, idCardHash: string) {
  const [row] = await db
    .select({ id: customers.id, name: customers.custName, sex: customers.sex, birthday: customers.birthday })
    .from(customers)
    .where(eq(customers.custIdCardHash, idCardHash))
    .orderBy(desc(customers.id))
    .limit(1);
  return row;
}

// Final-reviewed, and not an abnormal report (an unhandled exception): that one waits for the staff.
const printable = and(inArray(orders.status, [...KIOSK_PRINTABLE_STATUSES]), withoutOpenException)!;

/**
 * The ticket names one customer row; the person is its ID number, so visits registered under an
 * older row of the same number are theirs too.
 */
const samePerson = (customerId: number, db: Db) =>
  inArray(
    orders.customerId,
    db
      .select({ id: customers.id })
      .from(customers)
      .where(
        eq(
          customers.custIdCardHash,
          db.select({ card: customers.custIdCardHash }).from(customers).where(eq(customers.id, customerId)),
        ),
      ),
  );

const printCount = (db: Db) =>
  db
    .select({ orderId: reportPrints.orderId, n: count().as('n') })
    .from(reportPrints)
    .groupBy(reportPrints.orderId)
    .as('print_count');

/** The customer's visits whose final review passed and that have no unhandled exception, newest first. */
export async function printableReports(db: Db, customerId: number): Promise<SelfPrintReport[]> {
  const prints = printCount(db);
  const rows = await db
    .select({
      orderId: orders.orderId,
      examDate: orders.examDate,
      packageName: packages.packageName,
      status: orders.status,
      prints: prints.n,
    })
    .from(orders)
    .leftJoin(packages, eq(packages.id, orders.packageId))
    .leftJoin(prints, eq(prints.orderId, orders.orderId))
    .where(and(samePerson(customerId, db), printable))
    .orderBy(desc(orders.examDate), desc(orders.orderId));
  return rows.map((r) => ({
    order_id: r.orderId,
    exam_date: r.examDate,
    package_name: r.packageName,
    status: r.status as SelfPrintReport['status'],
    print_count: Number(r.prints ?? 0),
  }));
}

/** The visit when it is the customer's own and its final review passed; otherwise undefined. */
export async function ownPrintableOrder(db: Db, customerId: number, orderId: string) {
  const [row] = await db
    .select({ orderId: orders.orderId, status: orders.status })
    .from(orders)
    .where(and(eq(orders.orderId, orderId), samePerson(customerId, db), printable));
  return row;
}
