import { and, asc, count, desc, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  criticalValueNotices,
  criticalValues,
  customers,
  departments,
  examItems,
  itemResults,
  orders,
  users,
} from '../../db/schema.js';
import { addDays, cstTime } from '../../db/demo/dates.js';
import { ageAt, keyCondition } from '../orders/order-repository.js';
import type { SearchKey } from '../people/search-key.js';

type Executor = Pick<Db, 'select'>;

export interface CriticalSearch {
  /** A stage, or 'open' for every one not yet handled. */
  status?: string;
  level?: string;
  dateFrom?: string;
  dateTo?: string;
  deptId?: number;
  key?: SearchKey;
  /** A user who may not see confidential persons does not find them by a search either. */
  mayViewConfidential: boolean;
  page: number;
  size: number;
}

const raiser = alias(users, 'raiser');
const handler = alias(users, 'handler');
const notifier = alias(users, 'notifier');

// The latest notice of each critical value: who told whom, and how.
const latestNotice = sql`(select max(n.id) from ${criticalValueNotices} n where n.critical_value_id = ${criticalValues.id})`;

function selectRows(db: Executor) {
  return db
    .select({
      id: criticalValues.id,
      orderId: criticalValues.orderId,
      custName: customers.custName,
      sex: customers.sex,
      age: ageAt(orders.examDate),
      specialFlag: customers.specialFlag,
      customerId: customers.id,
      itemName: examItems.itemName,
      resultValue: criticalValues.resultValue,
      unit: examItems.unit,
      direction: criticalValues.direction,
      level: criticalValues.level,
      source: criticalValues.source,
      description: criticalValues.description,
      refRange: itemResults.refRange,
      criticalLow: examItems.criticalLow,
      criticalHigh: examItems.criticalHigh,
      deptId: departments.id,
      deptName: departments.deptName,
      raisedByName: raiser.userName,
      raisedBy: criticalValues.raisedBy,
      createdAt: criticalValues.createdAt,
      status: criticalValues.status,
      notifiedPerson: criticalValues.notifiedPerson,
      notifyRelation: criticalValueNotices.relation,
      notifyMethod: criticalValueNotices.method,
      notifiedAt: criticalValues.notifiedAt,
      notifiedByName: notifier.userName,
      handledByName: handler.userName,
      handledAt: criticalValues.handledAt,
      note: criticalValues.note,
    })
    .from(criticalValues)
    .innerJoin(orders, eq(orders.orderId, criticalValues.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(examItems, eq(examItems.id, criticalValues.itemId))
    .innerJoin(departments, eq(departments.id, examItems.deptId))
    .leftJoin(
      itemResults,
      and(eq(itemResults.orderId, criticalValues.orderId), eq(itemResults.itemId, criticalValues.itemId)),
    )
    .leftJoin(raiser, eq(raiser.id, criticalValues.raisedBy))
    .leftJoin(handler, eq(handler.id, criticalValues.handledBy))
    .leftJoin(criticalValueNotices, eq(criticalValueNotices.id, latestNotice))
    .leftJoin(notifier, eq(notifier.id, criticalValueNotices.notifiedBy));
}

export type CriticalRecord = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

function conditionsOf(search: CriticalSearch): SQL | undefined {
  const conditions: SQL[] = [];
  if (search.status === 'open') conditions.push(ne(criticalValues.status, '2'));
  else if (search.status) conditions.push(eq(criticalValues.status, search.status));
  if (search.level) conditions.push(eq(criticalValues.level, search.level));
  // Days are the centre's days (China Standard Time), whatever the server's zone.
  if (search.dateFrom) conditions.push(gte(criticalValues.createdAt, cstTime(search.dateFrom, 0)));
  if (search.dateTo) conditions.push(lt(criticalValues.createdAt, cstTime(addDays(search.dateTo, 1), 0)));
  if (search.deptId) conditions.push(eq(examItems.deptId, search.deptId));
  if (search.key) conditions.push(keyCondition(search.key));
  if (search.key && !search.mayViewConfidential) conditions.push(ne(customers.specialFlag, '1'));
  return conditions.length ? and(...conditions) : undefined;
}

/** The critical values matching the filters, by stage (reported, notified, handled), then newest first. */
export async function searchCriticalValues(db: Db, search: CriticalSearch) {
  const where = conditionsOf(search);
  const rows = await selectRows(db)
    .where(where)
    .orderBy(criticalValues.status, desc(criticalValues.createdAt), desc(criticalValues.id))
    .limit(search.size)
    .offset((search.page - 1) * search.size);
  const [total] = await db
    .select({ n: count() })
    .from(criticalValues)
    .innerJoin(orders, eq(orders.orderId, criticalValues.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(examItems, eq(examItems.id, criticalValues.itemId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Every critical value not yet handled by an expert ('0' reported or '1' notified). */
export const unhandled = () => ne(criticalValues.status, '2');

export async function countUnhandled(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(criticalValues).where(unhandled());
  return row?.n ?? 0;
}

/** Everything matching the filters for the .xlsx, in the list's order; one more than the cap tells it was cut. */
export async function criticalValuesForExport(db: Db, search: Omit<CriticalSearch, 'page' | 'size'>, max: number) {
  return selectRows(db)
    .where(conditionsOf({ ...search, page: 1, size: max }))
    .orderBy(criticalValues.status, desc(criticalValues.createdAt), desc(criticalValues.id))
    .limit(max + 1);
}

/** Today's unhandled critical values for the home page: the highest level and the oldest first. */
export async function todaysUnhandled(db: Db, today: string, max: number) {
  const where = and(
    unhandled(),
    gte(criticalValues.createdAt, cstTime(today, 0)),
    lt(criticalValues.createdAt, cstTime(addDays(today, 1), 0)),
  );
  const rows = await selectRows(db)
    .where(where)
    .orderBy(desc(criticalValues.level), asc(criticalValues.createdAt), asc(criticalValues.id))
    .limit(max);
  const [total] = await db.select({ n: count() }).from(criticalValues).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function criticalValueById(db: Executor, id: number): Promise<CriticalRecord | undefined> {
  const [row] = await selectRows(db).where(eq(criticalValues.id, id));
  return row;
}
