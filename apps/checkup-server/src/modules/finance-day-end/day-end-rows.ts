import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AppError,
  mayUse,
  moneyText,
  toFen,
  DAY_END_FINANCE_ACCESS,
  type CashierDayEndRow,
  type FinanceDayEndRow,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import {
  cashierDayEnds,
  examCards,
  financeDayEnds,
  invoices,
  monthStatements,
  payments,
  users,
} from '../../db/schema.js';
import { CST_OFFSET_MS } from '../../lib/hospital-day.js';
import { methodLines, totalsOut } from './totals.js';

export const seesAllCashiers = (user: UserInfo) => mayUse(DAY_END_FINANCE_ACCESS, user.role_menu);

/** Midnight of a CST calendar day, as an instant. */
const cstMidnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - CST_OFFSET_MS);
const nextDay = (day: string) => new Date(cstMidnight(day).getTime() + 86_400_000);

const page = (input: { page: number; size: number }) => ({ limit: input.size, offset: (input.page - 1) * input.size });

const cashier = alias(users, 'cashier');

async function cashierRows(db: Db, where: SQL | undefined, paging?: { limit: number; offset: number }) {
  const query = db
    .select({
      d: cashierDayEnds,
      cashierName: cashier.userName,
      financeNo: financeDayEnds.dayEndNo,
    })
    .from(cashierDayEnds)
    .leftJoin(cashier, eq(cashier.id, cashierDayEnds.cashierId))
    .leftJoin(financeDayEnds, eq(financeDayEnds.id, cashierDayEnds.financeDayEndId))
    .where(where)
    .orderBy(desc(cashierDayEnds.closedAt), desc(cashierDayEnds.id));
  const rows = paging ? await query.limit(paging.limit).offset(paging.offset) : await query;
  return rows.map(({ d, cashierName, financeNo }): CashierDayEndRow => ({
    id: d.id,
    day_end_no: d.dayEndNo,
    cashier_id: d.cashierId,
    cashier_name: cashierName,
    branch_id: d.branchId,
    finance_day_end_no: financeNo,
    closed_at: d.closedAt.toISOString(),
    ...totalsOut(d),
  }));
}

/** 收费员日结记录: the caller's own unless they see every cashier's. */
export async function listCashierDayEnds(
  db: Db,
  user: UserInfo,
  input: { cashier_id?: number; pending?: string; date_from?: string; date_to?: string; page: number; size: number },
) {
  const cashierId = seesAllCashiers(user) ? input.cashier_id : user.id;
  const where = and(
    cashierId === undefined ? undefined : eq(cashierDayEnds.cashierId, cashierId),
    input.pending === '1' ? isNull(cashierDayEnds.financeDayEndId) : undefined,
    input.date_from ? gte(cashierDayEnds.closedAt, cstMidnight(input.date_from)) : undefined,
    input.date_to ? lt(cashierDayEnds.closedAt, nextDay(input.date_to)) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(cashierDayEnds).where(where);
  return { list: await cashierRows(db, where, page(input)), total: total!.n, page: input.page, size: input.size };
}

/** One cashier day-end the caller may see: their own, or any with 财务权限. */
export async function readCashierDayEnd(db: Db, user: UserInfo, id: number) {
  const [row] = await cashierRows(db, eq(cashierDayEnds.id, id));
  if (!row) throw new AppError('RECORD_NOT_FOUND', '该日结单不存在');
  if (row.cashier_id !== user.id && !seesAllCashiers(user)) {
    throw new AppError('FORBIDDEN', '只能查看本人的日结单');
  }
  return row;
}

/** The invoices a cashier day-end counted: issued in it, and voided in it (negative). */
export async function dayEndInvoices(db: Db, id: number) {
  const rows = await db
    .select()
    .from(invoices)
    .where(or(eq(invoices.dayEndId, id), eq(invoices.voidDayEndId, id)))
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
  return rows.flatMap((r) => {
    const base = {
      id: r.id,
      invoice_no: r.invoiceNo,
      title: r.title,
      state: r.state,
      issued_at: r.issuedAt.toISOString(),
    };
    const fen = toFen(r.amount);
    return [
      ...(r.dayEndId === id ? [{ ...base, amount: moneyText(fen), counted_as: 'issued' as const }] : []),
      ...(r.voidDayEndId === id ? [{ ...base, amount: moneyText(-fen), counted_as: 'voided' as const }] : []),
    ];
  });
}

/** 收费明细 of a cashier day-end, page by page. */
export async function dayEndLines(db: Db, id: number, input: { page: number; size: number }) {
  const where = eq(payments.dayEndId, id);
  const [total] = await db.select({ n: count() }).from(payments).where(where);
  const rows = await db
    .select({
      id: payments.id,
      purpose: payments.purpose,
      kind: payments.kind,
      pay_method: payments.payMethod,
      amount: payments.amount,
      order_id: payments.orderId,
      card_no: examCards.cardNo,
      trade_no: payments.tradeNo,
      note: payments.note,
      paid_at: payments.paidAt,
    })
    .from(payments)
    .leftJoin(examCards, eq(examCards.id, payments.cardId))
    .where(where)
    .orderBy(asc(payments.paidAt), asc(payments.id))
    .limit(input.size)
    .offset((input.page - 1) * input.size);
  return {
    list: rows.map((r) => ({ ...r, amount: moneyText(toFen(r.amount)), paid_at: r.paid_at.toISOString() })),
    total: total!.n,
    page: input.page,
    size: input.size,
  };
}

const closer = alias(users, 'closer');

async function financeRows(db: Db, where: SQL | undefined, paging?: { limit: number; offset: number }) {
  const query = db
    .select({ d: financeDayEnds, closedByName: closer.userName, statementNo: monthStatements.statementNo })
    .from(financeDayEnds)
    .leftJoin(closer, eq(closer.id, financeDayEnds.closedBy))
    .leftJoin(monthStatements, eq(monthStatements.id, financeDayEnds.monthStatementId))
    .where(where)
    .orderBy(desc(financeDayEnds.closedAt), desc(financeDayEnds.id));
  const rows = paging ? await query.limit(paging.limit).offset(paging.offset) : await query;
  return rows.map(({ d, closedByName, statementNo }): FinanceDayEndRow => {
    const totalFen = toFen(d.total);
    const receivedFen = toFen(d.receivedTotal);
    return {
      id: d.id,
      day_end_no: d.dayEndNo,
      month: d.month,
      cashier_count: d.cashierCount,
      total: moneyText(totalFen),
      received_total: moneyText(receivedFen),
      non_cash_total: moneyText(totalFen - receivedFen),
      by_method: methodLines(d.byMethod),
      invoice_total: moneyText(toFen(d.invoiceTotal)),
      closed_by_name: closedByName,
      statement_no: statementNo,
      closed_at: d.closedAt.toISOString(),
    };
  });
}

export async function listFinanceDayEnds(db: Db, input: { month?: string; page: number; size: number }) {
  const where = input.month ? eq(financeDayEnds.month, input.month) : undefined;
  const [total] = await db.select({ n: count() }).from(financeDayEnds).where(where);
  return { list: await financeRows(db, where, page(input)), total: total!.n, page: input.page, size: input.size };
}

export async function readFinanceDayEnd(db: Db, id: number) {
  const [row] = await financeRows(db, eq(financeDayEnds.id, id));
  if (!row) throw new AppError('RECORD_NOT_FOUND', '该财务日结不存在');
  return { day_end: row, cashier_day_ends: await cashierRows(db, eq(cashierDayEnds.financeDayEndId, id)) };
}

export async function listMonthStatements(db: Db, input: { page: number; size: number }, ids?: number[]) {
  const where = ids ? inArray(monthStatements.id, ids) : undefined;
  const [total] = await db.select({ n: count() }).from(monthStatements).where(where);
  const rows = await db
    .select({
      m: monthStatements,
      closedByName: closer.userName,
      dayEnds: sql<number>`(select count(*)::int from ${financeDayEnds} where ${financeDayEnds.monthStatementId} = ${monthStatements.id})`,
    })
    .from(monthStatements)
    .leftJoin(closer, eq(closer.id, monthStatements.closedBy))
    .where(where)
    .orderBy(desc(monthStatements.month))
    .limit(input.size)
    .offset((input.page - 1) * input.size);
  const list = rows.map(({ m, closedByName, dayEnds }) => {
    const totalFen = toFen(m.total);
    const receivedFen = toFen(m.receivedTotal);
    return {
      id: m.id,
      statement_no: m.statementNo,
      month: m.month,
      finance_day_end_count: Number(dayEnds),
      total: moneyText(totalFen),
      received_total: moneyText(receivedFen),
      non_cash_total: moneyText(totalFen - receivedFen),
      by_method: methodLines(m.byMethod),
      closed_by_name: closedByName,
      closed_at: m.closedAt.toISOString(),
    };
  });
  return { list, total: total!.n, page: input.page, size: input.size };
}
