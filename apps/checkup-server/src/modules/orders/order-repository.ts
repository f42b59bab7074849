import { and, count, desc, eq, exists, gte, like, lte, sql, type SQL } from 'drizzle-orm';
import type { UserInfo } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { companies, customers, orderDepts, orders, packages, userDepts } from '../../db/schema.js';
import { escapeLike } from '../../lib/like.js';
import type { SearchKey } from '../people/search-key.js';

export interface OrderSearch {
  key?: SearchKey;
  status?: string;
  dateFrom?: string;
  dateTo?: string;
  companyId?: number;
  /** The account whose 数据权限 narrows the visits (absent: every visit). */
  viewer?: Pick<UserInfo, 'id' | 'data_scope' | 'all_depts'>;
  branchId?: number;
  page: number;
  size: number;
}

/** The column a search key is about: the order number, the ID number's or phone's look-up hash, the name. */
export function keyCondition(key: SearchKey): SQL {
  if ('orderId' in key) return eq(orders.orderId, key.orderId);
  if ('idCardHash' in key) return eq(customers.custIdCardHash, key.idCardHash);
  if ('phoneHash' in key) return eq(customers.phoneHash, key.phoneHash);
  // LIKE wildcards typed by a user are matched literally.
  return like(customers.custName, `${escapeLike(key.namePrefix)}%`);
}

export const ageAt = (examDate: SQL | typeof orders.examDate) =>
  sql<number>`date_part('year', age(${examDate}::date, ${customers.birthday}::date))::int`;

/**
 * 数据权限 (角色管理): 'dept' keeps the visits with at least one of the account's departments (an
 * account of every department sees all), 'self' the visits the account registered.
 */
export function dataScopeCondition(db: Db, viewer: OrderSearch['viewer']): SQL | undefined {
  if (!viewer || viewer.data_scope === 'all') return undefined;
  if (viewer.data_scope === 'self') return eq(orders.registeredBy, viewer.id);
  if (viewer.all_depts) return undefined;
  return exists(
    db
      .select({ one: sql`1` })
      .from(orderDepts)
      .innerJoin(userDepts, and(eq(userDepts.deptId, orderDepts.deptId), eq(userDepts.userId, viewer.id)))
      .where(eq(orderDepts.orderId, orders.orderId)),
  );
}

export async function searchOrders(db: Db, search: OrderSearch) {
  const conditions: SQL[] = [];
  const scope = dataScopeCondition(db, search.viewer);
  if (scope) conditions.push(scope);
  if (search.key) conditions.push(keyCondition(search.key));
  if (search.status) conditions.push(eq(orders.status, search.status));
  if (search.dateFrom) conditions.push(gte(orders.examDate, search.dateFrom));
  if (search.dateTo) conditions.push(lte(orders.examDate, search.dateTo));
  if (search.companyId) conditions.push(eq(orders.companyId, search.companyId));
  if (search.branchId) conditions.push(eq(orders.branchId, search.branchId));
  const where = conditions.length ? and(...conditions) : undefined;

  const rows = await db
    .select({
      orderId: orders.orderId,
      custName: customers.custName,
      sex: customers.sex,
      age: ageAt(orders.examDate),
      custIdCardEnc: customers.custIdCardEnc,
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
  // The count joins the examinees only when the key is about them, and stops at the cap: a common
  // surname matches thousands of visits and an exact figure would cost more than the page (bench:server).
  const byPerson = search.key !== undefined && !('orderId' in search.key);
  const base = db
    .select({ one: sql`1` })
    .from(orders)
    .$dynamic();
  const matching = (byPerson ? base.innerJoin(customers, eq(customers.id, orders.customerId)) : base)
    .where(where)
    .limit(ORDER_COUNT_CAP + 1)
    .as('matching');
  const [counted] = await db.select({ n: count() }).from(matching);
  const n = counted?.n ?? 0;
  return { rows, total: Math.min(n, ORDER_COUNT_CAP), totalCapped: n > ORDER_COUNT_CAP };
}

/** Beyond this many matches the list says "1000+" instead of counting them all. */
export const ORDER_COUNT_CAP = 1000;

/** The examinee behind an order, for the confidential-person check. */
export async function personOfOrder(db: Db, orderId: string) {
  const [row] = await db
    .select({ customerId: customers.id, specialFlag: customers.specialFlag, orderId: orders.orderId })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.orderId, orderId));
  return row;
}
