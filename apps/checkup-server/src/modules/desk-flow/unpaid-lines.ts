import { and, asc, eq, sum } from 'drizzle-orm';
import { AppError, fenText, toFen, type PaymentState } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { departments, orderUnions, orders, payments, unions } from '../../db/schema.js';
import { getRegistrationSettings } from '../parameters/repository.js';

export interface UnpaidLine {
  unionId: number;
  unionName: string;
  priceFen: number;
}

/**
 * The visit's 自费 lines not yet paid (待收费): each line carries what it is charged (the package's
 * lines their share of the package price, registration-pricing.ts) and whether it was paid
 * (order_unions.fee_charged, set by the cashier). 已收 is what the payments add up to.
 */
export async function unpaidSelfLines(db: Db, orderId: string): Promise<{ lines: UnpaidLine[]; paidFen: number }> {
  const lines = await db
    .select({ unionId: orderUnions.unionId, unionName: unions.unionName, price: orderUnions.price })
    .from(orderUnions)
    .innerJoin(unions, eq(unions.id, orderUnions.unionId))
    .innerJoin(departments, eq(departments.id, orderUnions.deptId))
    .where(and(eq(orderUnions.orderId, orderId), eq(orderUnions.payMode, 'self'), eq(orderUnions.feeCharged, false)))
    .orderBy(asc(departments.sort), asc(departments.id), asc(unions.sort), asc(unions.id));
  const [paid] = await db
    .select({ total: sum(payments.amount) })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  return {
    lines: lines.map((l) => ({ unionId: l.unionId, unionName: l.unionName, priceFen: toFen(l.price) })),
    paidFen: toFen(paid?.total ?? 0),
  };
}

/** What the desk shows after 完成登记: the unpaid lines and whether 0140 holds the guide sheet back. */
export async function paymentState(db: Db, orderId: string): Promise<PaymentState> {
  const [order] = await db.select({ id: orders.orderId }).from(orders).where(eq(orders.orderId, orderId));
  if (!order) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
  const { pay_timing } = await getRegistrationSettings(db);
  const { lines, paidFen } = await unpaidSelfLines(db, orderId);
  const unpaidFen = lines.reduce((s, l) => s + l.priceFen, 0);
  return {
    order_id: orderId,
    pay_timing,
    unpaid_lines: lines.map((l) => ({ union_id: l.unionId, union_name: l.unionName, price: fenText(l.priceFen) })),
    unpaid_total: fenText(unpaidFen),
    paid_total: fenText(paidFen),
    guide_sheet_blocked: pay_timing === 'before' && unpaidFen > 0,
  };
}

/** 先付后检: the guide sheet is refused while 自费 lines are unpaid; the 缴费单 is printed instead. */
export async function assertGuideSheetAllowed(db: Db, orderId: string): Promise<void> {
  const state = await paymentState(db, orderId);
  if (state.guide_sheet_blocked) {
    throw new AppError(
      'ILLEGAL_TRANSITION',
      `本中心为先付后检，该体检者还有自费项目未缴费（待收费 ¥${state.unpaid_total}），请先到收费处缴费后再打印导检单`,
    );
  }
}
