import { and, count, desc, eq, gte, like, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, customers, orders, packages } from '../../db/schema.js';

export interface OrderSearch {
  key?: string;
  status?: string;
  dateFrom?: string;
  dateTo?: string;
  companyId?: number;
  page: number;
  size: number;
}

/** Which column a search key means: an order number, an ID number, a mobile number, else a name prefix. */
export function keyCondition(key: string): SQL {
  if (/^\d{14}$/.test(key)) return eq(orders.orderId, key);
  if (/^(\d{17}[\dXx]|\d{15})$/.test(key)) return eq(customers.custIdCard, key.toUpperCase());
  if (/^1\d{10}$/.test(key)) return eq(customers.phone, key);
  // LIKE wildcards typed by a user are matched literally.
  return like(customers.custName, `${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

export const ageAt = (examDate: SQL | typeof orders.examDate) =>
  sql<number>`date_part('year', age(${examDate}::date, ${customers.birthday}::date))::int`;

export async function searchOrders(db: Db, search: OrderSearch) {
  const conditions: SQL[] = [];
  if (search.key) conditions.push(keyCondition(search.key));
  if (search.status) conditions.push(eq(orders.status, search.status));
  if (search.dateFrom) conditions.push(gte(orders.examDate, search.dateFrom));
  if (search.dateTo) conditions.push(lte(orders.examDate, search.dateTo));
  if (search.companyId) conditions.push(eq(orders.companyId, search.companyId));
  const where = conditions.length ? and(...conditions) : undefined;

  const rows = await db
    .select({
      orderId: orders.orderId,
      custName: customers.custName,
      sex: customers.sex,
      age: ageAt(orders.examDate),
      custIdCard: customers.custIdCard,
      specialFlag: customers.specialFlag,
      examType: orders.examType,
      examDate: orders.examDate,
      status: orders.status,
      packageName: packages.packageName,
      companyName: companies.companyName,
      totalPrice: orders.totalPrice,
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

/** The examinee behind an order, for the confidential-person check. */
export async function personOfOrder(db: Db, orderId: string) {
  const [row] = await db
    .select({ customerId: customers.id, specialFlag: customers.specialFlag, orderId: orders.orderId })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.orderId, orderId));
  return row;
}
