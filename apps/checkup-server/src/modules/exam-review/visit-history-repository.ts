import { and, asc, desc, eq, inArray, lte, ne, notInArray, or } from 'drizzle-orm';
import { AppError, type HistoryMark, type OrderStatus, type VisitHistory } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { customers, departments, examItems, itemResults, orders, packages } from '../../db/schema.js';
import { isReportReady } from '../report/report-data.js';
import { conclusionRows, topLevel } from './conclusion-repository.js';

type Reader = Pick<Db, 'select'>;

/** How many earlier visits are set beside this one. */
export const HISTORY_VISITS = 4;

/** Visits with nothing examined yet have nothing to compare. */
const NOT_STARTED: OrderStatus[] = ['prepared', 'registered', 'checked_in'];

/**
 * The examinee's earlier visits, newest first: the same person by the sealed ID number's look-up
 * hash (a customer registered again under a new record is found too), or the same record when the
 * examinee has no ID number on file.
 */
export async function earlierVisits(db: Reader, orderId: string) {
  const [me] = await db
    .select({ customerId: orders.customerId, idHash: customers.custIdCardHash, examDate: orders.examDate })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.orderId, orderId));
  if (!me) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
  const samePerson = me.idHash
    ? or(eq(customers.custIdCardHash, me.idHash), eq(orders.customerId, me.customerId))
    : eq(orders.customerId, me.customerId);
  return db
    .select({ orderId: orders.orderId })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        samePerson,
        ne(orders.orderId, orderId),
        lte(orders.examDate, me.examDate),
        notInArray(orders.status, NOT_STARTED),
      ),
    )
    .orderBy(desc(orders.examDate), desc(orders.createdAt), desc(orders.orderId))
    .limit(HISTORY_VISITS);
}

/** What a report printed as its conclusions: top-level, not hidden, in grid order. */
async function reportedNames(db: Reader, orderId: string) {
  return topLevel(await conclusionRows(db, orderId))
    .filter((r) => !r.hidden)
    .map((r) => r.diagName);
}

/**
 * This visit beside the earlier ones (items and conclusions). A value is marked where the item is in
 * both visits compared — the current one with the latest earlier one holding it, an earlier one with
 * the current one — abnormal when flagged, changed when it differs.
 */
export async function readVisitHistory(db: Reader, orderId: string): Promise<VisitHistory> {
  const ids = [orderId, ...(await earlierVisits(db, orderId)).map((v) => v.orderId)];
  const heads = await db
    .select({
      orderId: orders.orderId,
      examDate: orders.examDate,
      status: orders.status,
      conclusion: orders.conclusion,
      packageName: packages.packageName,
    })
    .from(orders)
    .leftJoin(packages, eq(packages.id, orders.packageId))
    .where(inArray(orders.orderId, ids));
  const visits = [];
  for (const id of ids) {
    const head = heads.find((h) => h.orderId === id)!;
    visits.push({
      order_id: id,
      exam_date: head.examDate,
      order_status: head.status as OrderStatus,
      package_name: head.packageName,
      report_ready: isReportReady(head.status),
      conclusion: head.conclusion ?? '',
      conclusions: await reportedNames(db, id),
    });
  }

  const results = await db
    .select({
      orderId: itemResults.orderId,
      itemId: examItems.id,
      itemName: examItems.itemName,
      deptName: departments.deptName,
      unit: itemResults.unit,
      value: itemResults.resultValue,
      flag: itemResults.abnormalFlag,
    })
    .from(itemResults)
    .innerJoin(examItems, eq(examItems.id, itemResults.itemId))
    .innerJoin(departments, eq(departments.id, itemResults.deptId))
    .where(inArray(itemResults.orderId, ids))
    .orderBy(asc(departments.sort), asc(departments.id), asc(examItems.sort), asc(examItems.id));

  const items = new Map<number, VisitHistory['items'][number]>();
  for (const r of results) {
    const entry = items.get(r.itemId) ?? {
      item_id: r.itemId,
      item_name: r.itemName,
      dept_name: r.deptName,
      unit: r.unit,
      cells: ids.map(() => ({ value: null as string | null, flag: '', mark: '' as HistoryMark })),
    };
    items.set(r.itemId, entry);
    entry.cells[ids.indexOf(r.orderId)] = { value: r.value, flag: r.flag, mark: '' };
    if (r.orderId === orderId && r.unit) entry.unit = r.unit;
  }
  for (const entry of items.values()) {
    const [current, ...earlier] = entry.cells;
    const latest = earlier.find((c) => c.value !== null);
    const mark = (cell: (typeof entry.cells)[number], other: typeof cell | undefined): HistoryMark => {
      if (cell.value === null || other?.value == null) return '';
      if (cell.flag !== '') return 'abnormal';
      return cell.value.trim() !== other.value.trim() ? 'changed' : '';
    };
    current!.mark = mark(current!, latest);
    for (const cell of earlier) cell.mark = mark(cell, current);
  }
  return { visits, items: [...items.values()] };
}

/** Whether `historyOrderId` is one of the earlier visits shown beside `orderId`. */
export async function assertEarlierVisit(db: Reader, orderId: string, historyOrderId: string) {
  const earlier = await earlierVisits(db, orderId);
  if (!earlier.some((v) => v.orderId === historyOrderId)) {
    throw new AppError('RECORD_NOT_FOUND', '该体检不是本体检者的历史体检');
  }
}
