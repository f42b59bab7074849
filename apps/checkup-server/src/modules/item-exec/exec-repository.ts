import { alias } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  HANDLED_AT_EXIT,
  MUST_BE_RECORDED,
  UNION_EXEC,
  unionExecLabel,
  type ExecLine,
  type ExecVisit,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import {
  criticalValues,
  customers,
  departments,
  itemResults,
  orderDepts,
  orderUnions,
  orders,
  unions,
  users,
} from '../../db/schema.js';
import { unhandled } from '../critical-values/critical-repository.js';
import { ageAt, keyCondition } from '../orders/order-repository.js';
import type { SearchKey } from '../people/search-key.js';
import type { Tx } from '../queue/queue-sync.js';

type Executor = Db | Tx;

const executor = alias(users, 'exec_user');

/** A line counts as recorded once any of its items has a result or its department has signed. */
const recorded = sql<boolean>`(exists (
    select 1 from ${itemResults} r
    where r.order_id = ${orderUnions.orderId} and r.union_id = ${orderUnions.unionId}
  ) or coalesce(${orderDepts.status}, '0') = '2')`;

function lineColumns() {
  return {
    unionId: orderUnions.unionId,
    unionName: unions.unionName,
    deptId: orderUnions.deptId,
    deptName: departments.deptName,
    state: orderUnions.status,
    execByName: executor.userName,
    execAt: orderUnions.execAt,
    execReason: orderUnions.execReason,
    execDate: orderUnions.execDate,
    signatureFileId: orderUnions.signatureFileId,
    recorded,
    deptSigned: sql<boolean>`coalesce(${orderDepts.status}, '0') = '2'`,
  };
}

interface LineRecord {
  unionId: number;
  unionName: string;
  deptId: number;
  deptName: string;
  state: string;
  execByName: string | null;
  execAt: Date | string | null;
  execReason: string | null;
  execDate: string | null;
  signatureFileId: number | null;
  recorded: boolean | string | null;
  deptSigned: boolean | string | null;
}

function linesFrom(db: Executor) {
  return db
    .select(lineColumns())
    .from(orderUnions)
    .innerJoin(unions, eq(unions.id, orderUnions.unionId))
    .innerJoin(departments, eq(departments.id, orderUnions.deptId))
    .leftJoin(orderDepts, and(eq(orderDepts.orderId, orderUnions.orderId), eq(orderDepts.deptId, orderUnions.deptId)))
    .leftJoin(executor, eq(executor.id, orderUnions.execBy));
}

/**
 * A line to record (未检, 补检) whose department has signed was examined: it reads as 已检, whatever
 * its stored state, so 导检单回收 lets the examinee go once the departments are signed.
 */
export function toLine(r: LineRecord): ExecLine {
  const state = r.deptSigned === true && MUST_BE_RECORDED.has(r.state) ? UNION_EXEC.done : r.state;
  return {
    union_id: r.unionId,
    union_name: r.unionName,
    dept_id: r.deptId,
    dept_name: r.deptName,
    state,
    state_label: unionExecLabel(state),
    exec_by_name: r.execByName,
    exec_at: r.execAt ? new Date(r.execAt).toISOString() : null,
    exec_reason: r.execReason,
    exec_date: r.execDate,
    signature_file_id: r.signatureFileId,
    recorded: Boolean(r.recorded),
    open: !HANDLED_AT_EXIT.has(state),
  };
}

/** One line of a visit with its state, who set it and whether anything was recorded for it. */
export async function execLine(db: Executor, orderId: string, unionId: number): Promise<ExecLine | undefined> {
  const [row] = await linesFrom(db).where(and(eq(orderUnions.orderId, orderId), eq(orderUnions.unionId, unionId)));
  return row && toLine(row);
}

const returner = alias(users, 'sheet_user');

/** The visit as 登记详情, 延期/弃检管理 and 导检单回收 show it: the examinee and every line's state. */
export async function execVisit(db: Executor, orderId: string): Promise<ExecVisit | undefined> {
  const [head] = await db
    .select({
      orderId: orders.orderId,
      custName: customers.custName,
      sex: customers.sex,
      age: ageAt(orders.examDate),
      examDate: orders.examDate,
      status: orders.status,
      banReason: orders.banReason,
      bannedAt: orders.bannedAt,
      returnedByName: returner.userName,
      returnedAt: orders.sheetReturnedAt,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(returner, eq(returner.id, orders.sheetReturnedBy))
    .where(eq(orders.orderId, orderId));
  if (!head) return undefined;
  const lines = await linesFrom(db)
    .where(eq(orderUnions.orderId, orderId))
    .orderBy(asc(departments.sort), asc(departments.id), asc(unions.sort), asc(unions.id));
  const [critical] = await db
    .select({ n: count() })
    .from(criticalValues)
    // Issue 20: a critical value waits until an expert handled it, told or not.
    .where(and(eq(criticalValues.orderId, orderId), unhandled()));
  return {
    order_id: head.orderId,
    cust_name: head.custName,
    sex: head.sex,
    age: head.age,
    exam_date: head.examDate,
    status: head.status as ExecVisit['status'],
    ban_reason: head.bannedAt ? (head.banReason ?? '已禁检') : null,
    sheet_returned_by_name: head.returnedByName,
    sheet_returned_at: head.returnedAt ? new Date(head.returnedAt).toISOString() : null,
    unhandled_critical: critical?.n ?? 0,
    lines: lines.map(toLine),
  };
}

export interface ExecSearch {
  dateFrom?: string;
  dateTo?: string;
  deptId?: number;
  states: readonly string[];
  key?: SearchKey;
  mayViewConfidential: boolean;
  page: number;
  size: number;
}

/** The day a line is listed under in 延期/弃检管理: the day it is deferred or made up to, else the exam day. */
const listedDay = sql<string>`coalesce(${orderUnions.execDate}, ${orders.examDate})`;

/** 延期/弃检管理: the lines in the asked states, by day (newest first) and department. */
export async function searchExecLines(db: Db, search: ExecSearch) {
  const conditions: SQL[] = [inArray(orderUnions.status, [...search.states])];
  if (search.dateFrom) conditions.push(gte(listedDay, search.dateFrom));
  if (search.dateTo) conditions.push(lte(listedDay, search.dateTo));
  if (search.deptId) conditions.push(eq(orderUnions.deptId, search.deptId));
  if (search.key) conditions.push(keyCondition(search.key));
  // Spec §5: a confidential person is not listed to a user who may not see them.
  if (!search.mayViewConfidential) conditions.push(sql`${customers.specialFlag} <> '1'`);
  const where = and(...conditions);
  const rows = await db
    .select({
      ...lineColumns(),
      orderId: orders.orderId,
      custName: customers.custName,
      sex: customers.sex,
      examDate: orders.examDate,
      day: listedDay,
    })
    .from(orderUnions)
    .innerJoin(orders, eq(orders.orderId, orderUnions.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(unions, eq(unions.id, orderUnions.unionId))
    .innerJoin(departments, eq(departments.id, orderUnions.deptId))
    .leftJoin(orderDepts, and(eq(orderDepts.orderId, orderUnions.orderId), eq(orderDepts.deptId, orderUnions.deptId)))
    .leftJoin(executor, eq(executor.id, orderUnions.execBy))
    .where(where)
    .orderBy(desc(listedDay), asc(departments.sort), asc(orderUnions.orderId), asc(unions.sort))
    .limit(search.size)
    .offset((search.page - 1) * search.size);
  const [total] = await db
    .select({ n: count() })
    .from(orderUnions)
    .innerJoin(orders, eq(orders.orderId, orderUnions.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(where);
  const list = rows.map((row) => ({
    ...toLine(row),
    order_id: row.orderId,
    cust_name: row.custName,
    sex: row.sex,
    exam_date: row.examDate,
    day: row.day,
  }));
  return { list, total: total?.n ?? 0 };
}
