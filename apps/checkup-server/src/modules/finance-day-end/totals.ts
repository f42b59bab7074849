import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  DAY_END_INCOME_LABELS,
  DAY_END_INCOMES,
  INCOME_OF_PURPOSE,
  isMoneyReceived,
  moneyText,
  PAY_METHOD_NAMES,
  PAY_METHODS,
  toFen,
  type DayEndIncome,
  type DayEndTotals,
  type PaymentPurpose,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { invoices, payments } from '../../db/schema.js';
import type { MethodTotals } from '../../db/schema/finance.js';
import type { Tx } from '../../lib/resource/serve-resource.js';

/** Sums of lines grouped by method and purpose, in integer fen. */
export interface LineGroup {
  method: string;
  purpose: string;
  count: number;
  fen: number;
}

/** What a day-end keeps: the money in integer fen; text only on the way out. */
export interface FenTotals {
  lineCount: number;
  totalFen: number;
  receivedFen: number;
  byMethod: Map<string, number>;
  byIncome: Map<DayEndIncome, number>;
  invoiceFen: number;
}

/** The lines matching `where`, summed by the database (numeric) per method and purpose. */
export async function lineGroups(db: Db | Tx, where: SQL): Promise<LineGroup[]> {
  const rows = await db
    .select({
      method: payments.payMethod,
      purpose: payments.purpose,
      count: sql<number>`count(*)::int`,
      sum: sql<string>`coalesce(sum(${payments.amount}), 0)::text`,
    })
    .from(payments)
    .where(where)
    .groupBy(payments.payMethod, payments.purpose);
  return rows.map((r) => ({ method: r.method, purpose: r.purpose, count: Number(r.count), fen: toFen(r.sum) }));
}

/** 总金额, 实收 by income, and per method (§11.4): refunds are negative lines, so each is a plain Σ. */
export function foldGroups(groups: LineGroup[], invoiceFen: number): FenTotals {
  const totals: FenTotals = {
    lineCount: 0,
    totalFen: 0,
    receivedFen: 0,
    byMethod: new Map(),
    byIncome: new Map(),
    invoiceFen,
  };
  for (const g of groups) {
    totals.lineCount += g.count;
    totals.totalFen += g.fen;
    totals.byMethod.set(g.method, (totals.byMethod.get(g.method) ?? 0) + g.fen);
    if (!isMoneyReceived(g.method)) continue;
    totals.receivedFen += g.fen;
    const income = INCOME_OF_PURPOSE[g.purpose as PaymentPurpose] ?? 'visit';
    totals.byIncome.set(income, (totals.byIncome.get(income) ?? 0) + g.fen);
  }
  return totals;
}

/** Adds up stored totals (a finance day-end over cashier day-ends, a month over finance day-ends). */
export function addMethodTotals(all: MethodTotals[]): Map<string, number> {
  const sum = new Map<string, number>();
  for (const totals of all) {
    for (const [method, amount] of Object.entries(totals)) sum.set(method, (sum.get(method) ?? 0) + toFen(amount));
  }
  return sum;
}

export const asStored = (fen: Map<string, number>): MethodTotals =>
  Object.fromEntries([...fen].map(([k, v]) => [k, moneyText(v)]));

const methodOrder = (method: string) => {
  const at = (PAY_METHODS as readonly string[]).indexOf(method);
  return at < 0 ? PAY_METHODS.length : at;
};

/** Per method, received methods first, in the dictionary's order. */
export function methodLines(byMethod: MethodTotals) {
  return Object.entries(byMethod)
    .map(([method, amount]) => ({
      method,
      name: PAY_METHOD_NAMES[method as keyof typeof PAY_METHOD_NAMES] ?? method,
      amount: moneyText(toFen(amount)),
      received: isMoneyReceived(method),
    }))
    .sort((a, b) => Number(b.received) - Number(a.received) || methodOrder(a.method) - methodOrder(b.method));
}

export function incomeLines(byIncome: MethodTotals) {
  return DAY_END_INCOMES.filter((income) => byIncome[income] !== undefined).map((income) => ({
    income,
    label: DAY_END_INCOME_LABELS[income],
    amount: moneyText(toFen(byIncome[income]!)),
  }));
}

/** A day-end's totals as answered, from what is stored (text amounts). */
export function totalsOut(stored: {
  lineCount: number;
  total: string;
  receivedTotal: string;
  byMethod: MethodTotals;
  byPurpose: MethodTotals;
  invoiceTotal: string;
}): DayEndTotals {
  const totalFen = toFen(stored.total);
  const receivedFen = toFen(stored.receivedTotal);
  return {
    line_count: stored.lineCount,
    total: moneyText(totalFen),
    received_total: moneyText(receivedFen),
    non_cash_total: moneyText(totalFen - receivedFen),
    by_method: methodLines(stored.byMethod),
    by_income: incomeLines(stored.byPurpose),
    invoice_total: moneyText(toFen(stored.invoiceTotal)),
  };
}

/** The stored form of fen totals. */
export function storedOf(t: FenTotals) {
  return {
    lineCount: t.lineCount,
    total: moneyText(t.totalFen),
    receivedTotal: moneyText(t.receivedFen),
    byMethod: asStored(t.byMethod),
    byPurpose: asStored(t.byIncome),
    invoiceTotal: moneyText(t.invoiceFen),
  };
}

/** 发票总金额 of what `issued` and `voided` select: Σ issued − Σ voided. */
export async function invoiceFen(db: Db | Tx, issued: SQL, voided: SQL): Promise<number> {
  const [row] = await db
    .select({
      issued: sql<string>`coalesce(sum(${invoices.amount}) filter (where ${issued}), 0)::text`,
      voided: sql<string>`coalesce(sum(${invoices.amount}) filter (where ${voided}), 0)::text`,
    })
    .from(invoices)
    .where(sql`(${issued}) or (${voided})`);
  return toFen(row!.issued) - toFen(row!.voided);
}

/** A cashier's open lines and invoices: what their next day-end takes. */
export const openLinesOf = (cashierId: number) => and(eq(payments.operatorId, cashierId), isNull(payments.dayEndId))!;
export const openIssuedOf = (cashierId: number) => and(eq(invoices.issuedBy, cashierId), isNull(invoices.dayEndId))!;
export const openVoidedOf = (cashierId: number) =>
  and(eq(invoices.voidedBy, cashierId), eq(invoices.state, 'voided'), isNull(invoices.voidDayEndId))!;

/** 收费员日结预览: the caller's open lines and invoices, totalled. */
export async function openTotals(db: Db | Tx, cashierId: number): Promise<FenTotals> {
  const groups = await lineGroups(db, openLinesOf(cashierId));
  return foldGroups(groups, await invoiceFen(db, openIssuedOf(cashierId), openVoidedOf(cashierId)));
}
