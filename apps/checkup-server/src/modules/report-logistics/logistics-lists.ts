import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, customers, orders, reportHandovers, reportMarks, reportNotices } from '../../db/schema.js';
import { ageAt, keyCondition } from '../orders/order-repository.js';
import type { SearchKey } from '../people/search-key.js';
import { reportState } from '../report/report-state.js';
import { FINAL_REVIEWED } from './handover-visit.js';
import { dueSql } from '../cashier/money-state.js';

export interface LogisticsSearch {
  /** 入库: '0' not handed over, '1' handed over; 出库: '0' waiting, '1' collected. */
  done?: '0' | '1';
  dateFrom?: string;
  dateTo?: string;
  key?: SearchKey;
  urgentOnly: boolean;
  /** 欠费: only visits with an unpaid 自费 balance. */
  owedOnly?: boolean;
  mayViewConfidential: boolean;
  page: number;
  size: number;
}

// The day bounds of a filter, as the centre's day (UTC+8).
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

function commonConditions(search: LogisticsSearch): SQL[] {
  const conditions: SQL[] = [];
  if (search.key) conditions.push(keyCondition(search.key));
  if (search.key && !search.mayViewConfidential) conditions.push(ne(customers.specialFlag, '1'));
  if (search.owedOnly) conditions.push(sql`${dueSql} > 0`);
  return conditions;
}

const liveHandoverJoin = and(eq(reportHandovers.orderId, orders.orderId), ne(reportHandovers.state, 'revoked'));
const urgent = sql<boolean>`coalesce(${reportHandovers.urgent}, ${reportMarks.urgent}, false)`;

/** 入库: final-reviewed visits, with their live handover when there is one; by exam day, urgent first. */
export async function searchWarehousing(db: Db, search: LogisticsSearch) {
  const conditions = [inArray(orders.status, [...FINAL_REVIEWED]), ...commonConditions(search)];
  if (search.done === '0') conditions.push(isNull(reportHandovers.id));
  if (search.done === '1') conditions.push(isNotNull(reportHandovers.id));
  if (search.dateFrom) conditions.push(gte(orders.examDate, search.dateFrom));
  if (search.dateTo) conditions.push(sql`${orders.examDate} <= ${search.dateTo}`);
  if (search.urgentOnly) conditions.push(eq(urgent, true));
  const where = and(...conditions);
  const from = () =>
    db
      .select({
        orderId: orders.orderId,
        custName: customers.custName,
        specialFlag: customers.specialFlag,
        sex: customers.sex,
        age: ageAt(orders.examDate),
        examDate: orders.examDate,
        companyName: companies.companyName,
        status: orders.status,
        reportState,
        urgent,
        cabinetNo: sql<string | null>`coalesce(${reportHandovers.cabinetNo}, ${reportMarks.cabinetNo})`,
        handover: reportHandovers,
        unpaid: sql<string>`${dueSql}::text`,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .leftJoin(companies, eq(companies.id, orders.companyId))
      .leftJoin(reportHandovers, liveHandoverJoin)
      .leftJoin(reportMarks, eq(reportMarks.orderId, orders.orderId));
  const rows = await from()
    .where(where)
    .orderBy(desc(urgent), desc(orders.examDate), desc(orders.orderId))
    .limit(search.size)
    .offset((search.page - 1) * search.size);
  const [total] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(reportHandovers, liveHandoverJoin)
    .leftJoin(reportMarks, eq(reportMarks.orderId, orders.orderId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

const latestNotice = sql`(select n.id from report_notices n where n.handover_id = ${reportHandovers.id} order by n.created_at desc, n.id desc limit 1)`;

/** 出库: live handovers, waiting or collected, with their latest notice; by handover time, urgent first. */
export async function searchOutgoing(db: Db, search: LogisticsSearch) {
  const conditions = [ne(reportHandovers.state, 'revoked'), ...commonConditions(search)];
  if (search.done === '0') conditions.push(eq(reportHandovers.state, 'in'));
  if (search.done === '1') conditions.push(eq(reportHandovers.state, 'out'));
  if (search.dateFrom) conditions.push(gte(reportHandovers.handedAt, dayStart(search.dateFrom)));
  if (search.dateTo) conditions.push(lt(reportHandovers.handedAt, dayAfter(search.dateTo)));
  if (search.urgentOnly) conditions.push(eq(reportHandovers.urgent, true));
  const where = and(...conditions);
  const rows = await db
    .select({
      handover: reportHandovers,
      custName: customers.custName,
      specialFlag: customers.specialFlag,
      sex: customers.sex,
      age: ageAt(orders.examDate),
      examDate: orders.examDate,
      phoneEnc: customers.phoneEnc,
      companyName: companies.companyName,
      reportState,
      notice: reportNotices,
      unpaid: sql<string>`${dueSql}::text`,
    })
    .from(reportHandovers)
    .innerJoin(orders, eq(orders.orderId, reportHandovers.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(reportNotices, eq(reportNotices.id, latestNotice))
    .where(where)
    .orderBy(desc(reportHandovers.urgent), desc(reportHandovers.handedAt), desc(reportHandovers.id))
    .limit(search.size)
    .offset((search.page - 1) * search.size);
  const [total] = await db
    .select({ n: count() })
    .from(reportHandovers)
    .innerJoin(orders, eq(orders.orderId, reportHandovers.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
