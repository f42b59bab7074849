import { and, asc, eq, isNull, ne, notInArray, sql } from 'drizzle-orm';
import {
  AppError,
  CASHIER_MESSAGES,
  fenText,
  moneyText,
  PAY_METHOD_TYPE,
  toFen,
  UNION_EXEC,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { chargeHistory, dictData, dictTypes, orderUnions, orders, payments } from '../../db/schema.js';
import type { Tx } from '../../lib/resource/serve-resource.js';
import { NOT_CHARGED, visitDueFen } from '../exam-card/card-pay.js';
import { getRegistrationSettings } from '../parameters/repository.js';

type Reader = Db | Tx;

// What each visit's 自费 lines owe and what its person paid and got back (单位结算 apart), in SQL.
export const selfTotal = sql<string>`(select coalesce(sum(u.price), 0) from order_unions u where u.order_id = ${orders.orderId} and u.pay_mode = 'self' and u.returned_at is null and u.status not in (${UNION_EXEC.waived}, ${UNION_EXEC.refused}))`;
export const chargedTotal = sql<string>`(select coalesce(sum(p.amount), 0) from payments p where p.order_id = ${orders.orderId} and p.purpose = 'visit' and p.pay_method <> 'company' and p.kind = 'charge')`;
export const backTotal = sql<string>`(select coalesce(-sum(p.amount), 0) from payments p where p.order_id = ${orders.orderId} and p.purpose = 'visit' and p.pay_method <> 'company' and p.kind = 'refund')`;
export const reversedTotal = sql<string>`(select coalesce(-sum(p.amount), 0) from payments p where p.order_id = ${orders.orderId} and p.purpose = 'visit' and p.pay_method <> 'company' and p.kind = 'reversal')`;
export const dueSql = sql`greatest(${selfTotal} - (${chargedTotal} - ${backTotal} - ${reversedTotal}), 0)`;

/** The visit's row lock: every money action on a visit runs one at a time (a double click waits, then finds it done). */
export async function lockVisit(tx: Tx, orderId: string): Promise<void> {
  const [order] = await tx.select({ id: orders.orderId }).from(orders).where(eq(orders.orderId, orderId)).for('update');
  if (!order) throw new AppError('RECORD_NOT_FOUND', '体检号不存在，请核对后重新输入');
}

/** What the person has paid for the visit, net of refunds (单位结算 apart): the money side of visitDueFen. */
export async function visitPaidFen(db: Reader, orderId: string): Promise<number> {
  const [paid] = await db
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.purpose, 'visit'), ne(payments.payMethod, 'company')));
  return toFen(paid!.total);
}

export interface MoneySnapshot {
  dueFen: number;
  paidFen: number;
}

export async function moneySnapshot(db: Reader, orderId: string): Promise<MoneySnapshot> {
  return { dueFen: await visitDueFen(db, orderId), paidFen: await visitPaidFen(db, orderId) };
}

/** One row of the append-only 收费记录, with what was owed and paid before and after. */
export async function writeHistory(
  tx: Tx,
  entry: {
    orderId: string;
    paymentId?: number;
    action: string;
    before: MoneySnapshot;
    detail: string;
    operatorId: number;
  },
) {
  const after = await moneySnapshot(tx, entry.orderId);
  await tx.insert(chargeHistory).values({
    orderId: entry.orderId,
    paymentId: entry.paymentId ?? null,
    action: entry.action,
    oldDue: fenText(entry.before.dueFen),
    newDue: fenText(after.dueFen),
    oldPaid: fenText(entry.before.paidFen),
    newPaid: fenText(after.paidFen),
    detail: entry.detail,
    operatorId: entry.operatorId,
  });
}

/**
 * After money went back without its lines being returned (冲正, 退费 of a day-ended line), the lines
 * it paid show 未收 again: the charged 自费 lines, last first, lose their mark until what is marked
 * is no more than what is paid.
 */
export async function settleChargedMarks(tx: Tx, orderId: string): Promise<void> {
  const charged = await tx
    .select({ unionId: orderUnions.unionId, price: orderUnions.price })
    .from(orderUnions)
    .where(
      and(
        eq(orderUnions.orderId, orderId),
        eq(orderUnions.payMode, 'self'),
        eq(orderUnions.feeCharged, true),
        isNull(orderUnions.returnedAt),
        notInArray(orderUnions.status, NOT_CHARGED),
      ),
    )
    .orderBy(asc(orderUnions.unionId));
  let markedFen = charged.reduce((s, l) => s + toFen(l.price), 0);
  const paidFen = await visitPaidFen(tx, orderId);
  for (const line of charged.reverse()) {
    if (markedFen <= paidFen) break;
    await tx
      .update(orderUnions)
      .set({ feeCharged: false })
      .where(and(eq(orderUnions.orderId, orderId), eq(orderUnions.unionId, line.unionId)));
    markedFen -= toFen(line.price);
  }
}

export interface PayMethodRule {
  flags: string[];
  refundLimitFen: number | null;
}

/** The 付款方式 dictionary entry of a method: its flags and its refund limit. */
export async function payMethodRule(db: Reader, method: string): Promise<PayMethodRule> {
  const [row] = await db
    .select({ flags: dictData.flags, limit: dictData.refundLimit })
    .from(dictData)
    .innerJoin(dictTypes, eq(dictTypes.id, dictData.typeId))
    .where(and(eq(dictTypes.typeCode, PAY_METHOD_TYPE), eq(dictData.value, method)));
  return { flags: row?.flags ?? [], refundLimitFen: row?.limit == null ? null : toFen(row.limit) };
}

/** The methods whose dictionary entry allows 误操作退款. */
export async function mistakeMethods(db: Reader): Promise<string[]> {
  const rows = await db
    .select({ value: dictData.value, flags: dictData.flags })
    .from(dictData)
    .innerJoin(dictTypes, eq(dictTypes.id, dictData.typeId))
    .where(and(eq(dictTypes.typeCode, PAY_METHOD_TYPE), eq(dictData.isActive, true)));
  return rows.filter((r) => r.flags.includes('mistake_refund')).map((r) => r.value);
}

/**
 * 未缴清自费费用时暂缓发放报告 (0140 hold_report_unpaid): the message refusing the report while the
 * visit owes 自费 money, or null. The report desk, the kiosk and the share link all ask this.
 */
export async function reportHoldMessage(db: Db, orderId: string): Promise<string | null> {
  const { hold_report_unpaid } = await getRegistrationSettings(db);
  if (!hold_report_unpaid) return null;
  const dueFen = await visitDueFen(db, orderId);
  return dueFen > 0 ? CASHIER_MESSAGES.held(moneyText(dueFen)) : null;
}

export async function assertReportReleasable(db: Db, orderId: string): Promise<void> {
  const held = await reportHoldMessage(db, orderId);
  if (held) throw new AppError('ILLEGAL_TRANSITION', held);
}
