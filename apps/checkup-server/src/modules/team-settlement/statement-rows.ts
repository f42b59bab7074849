import { and, asc, desc, eq, inArray, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  maskName,
  moneyText,
  toFen,
  UNION_EXEC,
  type SettlementState,
  type SettlePaymentRow,
  type Statement,
  type WaiveMode,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import {
  companies,
  companyGroups,
  customers,
  groupOrders,
  groupPersons,
  orderUnions,
  orders,
  payments,
  settlementFees,
  settlementLines,
  settlements,
  unions,
  users,
} from '../../db/schema.js';
import type { Tx } from '../../lib/resource/serve-resource.js';

const money = (text: string) => moneyText(toFen(text));

export async function statementRows(db: Db | Tx, where: SQL): Promise<Statement[]> {
  const rows = await db
    .select({ s: settlements, created_by_name: users.userName })
    .from(settlements)
    .leftJoin(users, eq(users.id, settlements.createdBy))
    .where(where)
    .orderBy(desc(settlements.id));
  return rows.map(({ s, created_by_name }) => ({
    id: s.id,
    settlement_no: s.settlementNo,
    group_order_id: s.groupOrderId,
    state: s.state as SettlementState,
    pre_settle: s.preSettle,
    waive_mode: s.waiveMode as WaiveMode,
    person_count: s.personCount,
    receivable: money(s.receivable),
    settle_amount: money(s.settleAmount),
    deduction: money(s.deduction),
    fee_total: money(s.feeTotal),
    net_amount: money(s.netAmount),
    checkout_amount: s.checkoutAmount === null ? null : money(s.checkoutAmount),
    version: s.version,
    created_by_name,
    created_at: s.createdAt.toISOString(),
    checked_out_at: s.checkedOutAt?.toISOString() ?? null,
  }));
}

export async function statementRow(db: Db | Tx, id: number) {
  const [row] = await statementRows(db, eq(settlements.id, id));
  if (!row) throw new AppError('RECORD_NOT_FOUND', '该结算单不存在');
  return row;
}

/** The settlement payment lines (charges and their negative refunds), oldest first. */
export async function settlePaymentRows(db: Db | Tx, where: SQL): Promise<SettlePaymentRow[]> {
  const rows = await db
    .select({
      id: payments.id,
      settlement_no: settlements.settlementNo,
      kind: payments.kind,
      pay_method: payments.payMethod,
      amount: payments.amount,
      operator_name: users.userName,
      paid_at: payments.paidAt,
      day_end_id: payments.dayEndId,
      note: payments.note,
    })
    .from(payments)
    .innerJoin(settlements, eq(settlements.id, payments.settlementId))
    .leftJoin(users, eq(users.id, payments.operatorId))
    .where(and(eq(payments.purpose, 'settlement'), where))
    .orderBy(asc(payments.id));
  return rows.map(({ day_end_id, ...r }) => ({
    ...r,
    amount: money(r.amount),
    paid_at: r.paid_at.toISOString(),
    day_ended: day_end_id !== null,
  }));
}

const ABANDONED = [UNION_EXEC.waived, UNION_EXEC.refused];

/**
 * 团体结算列表 (§3.6, §11.2(a)): approved orders with 应收 (company-paid lines of registered people,
 * not returned, not given up), 已结 (Σ settlement payment lines) and 待结.
 */
export async function settleOrderRows(db: Db, where?: SQL) {
  const receivable = db
    .select({
      groupOrderId: sql<number>`coalesce(${groupPersons.groupOrderId}, ${companyGroups.groupOrderId})`.as(
        'group_order_id',
      ),
      total: sql<string>`coalesce(sum(${orderUnions.price}), 0)`.as('receivable_total'),
    })
    .from(orders)
    .leftJoin(groupPersons, eq(groupPersons.orderId, orders.orderId))
    .leftJoin(companyGroups, eq(companyGroups.id, orders.groupId))
    .innerJoin(orderUnions, eq(orderUnions.orderId, orders.orderId))
    .where(
      and(
        ne(orders.status, 'prepared'),
        eq(orderUnions.payMode, 'company'),
        isNull(orderUnions.returnedAt),
        notInArray(orderUnions.status, ABANDONED),
      ),
    )
    .groupBy(sql`coalesce(${groupPersons.groupOrderId}, ${companyGroups.groupOrderId})`)
    .as('receivable');
  const settled = db
    .select({
      groupOrderId: settlements.groupOrderId,
      total: sql<string>`coalesce(sum(${payments.amount}), 0)`.as('settled_total'),
    })
    .from(payments)
    .innerJoin(settlements, eq(settlements.id, payments.settlementId))
    .where(eq(payments.purpose, 'settlement'))
    .groupBy(settlements.groupOrderId)
    .as('settled');
  const rows = await db
    .select({
      id: groupOrders.id,
      order_no: groupOrders.orderNo,
      order_name: groupOrders.orderName,
      company_id: groupOrders.companyId,
      company_name: companies.companyName,
      sales_name: users.userName,
      receivable: sql<string>`coalesce(${receivable.total}, 0)::text`,
      settled: sql<string>`coalesce(${settled.total}, 0)::text`,
    })
    .from(groupOrders)
    .innerJoin(companies, eq(companies.id, groupOrders.companyId))
    .leftJoin(users, eq(users.id, groupOrders.salesUserId))
    .leftJoin(receivable, eq(receivable.groupOrderId, groupOrders.id))
    .leftJoin(settled, eq(settled.groupOrderId, groupOrders.id))
    .where(and(eq(groupOrders.approvalState, 'approved'), where))
    .orderBy(desc(groupOrders.id))
    .limit(500);
  return rows.map((r) => {
    const receivableFen = toFen(r.receivable);
    const settledFen = toFen(r.settled);
    return {
      ...r,
      receivable: moneyText(receivableFen),
      settled: moneyText(settledFen),
      pending: moneyText(receivableFen - settledFen),
    };
  });
}

/** A statement's lines (names masked) and its fees. */
export async function statementParts(db: Db, id: number) {
  const lines = await db
    .select({
      id: settlementLines.id,
      order_id: settlementLines.orderId,
      cust_name: customers.custName,
      union_id: settlementLines.unionId,
      union_name: unions.unionName,
      price: settlementLines.price,
      acc_charge: settlementLines.accCharge,
      personal_pay: settlementLines.personalPay,
      dec_charges: settlementLines.decCharges,
    })
    .from(settlementLines)
    .innerJoin(orders, eq(orders.orderId, settlementLines.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(unions, eq(unions.id, settlementLines.unionId))
    .where(eq(settlementLines.settlementId, id))
    .orderBy(asc(settlementLines.orderId), asc(settlementLines.unionId));
  const fees = await db
    .select({ id: settlementFees.id, fee_name: settlementFees.feeName, amount: settlementFees.amount })
    .from(settlementFees)
    .where(eq(settlementFees.settlementId, id))
    .orderBy(asc(settlementFees.id));
  return {
    lines: lines.map((l) => ({
      ...l,
      cust_name: maskName(l.cust_name),
      price: money(l.price),
      acc_charge: money(l.acc_charge),
      personal_pay: money(l.personal_pay),
      dec_charges: money(l.dec_charges),
    })),
    fees: fees.map((f) => ({ ...f, amount: money(f.amount) })),
  };
}

export const ofOrder = (groupOrderId: number) => eq(settlements.groupOrderId, groupOrderId);
export const ofStatements = (ids: number[]) => inArray(settlements.id, ids);
