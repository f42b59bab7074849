import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, ne, notInArray, sql } from 'drizzle-orm';
import {
  AppError,
  moneyText,
  toFen,
  UNION_EXEC,
  type cardPayRefundRoute,
  type cardPayRoute,
  type RouteOutput,
  type UserInfo,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { cardLedger, examCards, orderUnions, orders, payments } from '../../db/schema.js';
import type { Tx } from '../../lib/resource/serve-resource.js';
import { recordAudit } from '../audit/repository.js';
import { verifyPassword } from '../auth/password.js';
import { assertUsable, ledgerRows, lockCard, writeLedger, yuan } from './card-ledger.js';

type In<R extends { input: z.ZodType }> = z.output<R['input']>;
const actor = (user: UserInfo) => ({ userId: user.id, userAccount: user.user_account });
/** Lines given up or refused are not charged (the desk refunds a given-up one, order-extras.ts); nor returned ones (退项). */
export const NOT_CHARGED = [UNION_EXEC.waived, UNION_EXEC.refused];

/**
 * What a visit still owes of its 自费 lines: their prices less the money taken for the visit other
 * than 单位结算 (a refund is a negative line). Read under the visit's row lock when `lock`.
 */
export async function visitDueFen(db: Db | Tx, orderId: string, lock = false): Promise<number> {
  const query = db.select({ id: orders.orderId }).from(orders).where(eq(orders.orderId, orderId));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw new AppError('RECORD_NOT_FOUND', '体检号不存在，请核对后重新输入');
  const [lines] = await db
    .select({ total: sql<string>`coalesce(sum(${orderUnions.price}), 0)::text` })
    .from(orderUnions)
    .where(
      and(
        eq(orderUnions.orderId, orderId),
        eq(orderUnions.payMode, 'self'),
        notInArray(orderUnions.status, NOT_CHARGED),
        isNull(orderUnions.returnedAt),
      ),
    );
  const [paid] = await db
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.purpose, 'visit'), ne(payments.payMethod, 'company')));
  return Math.max(0, toFen(lines!.total) - toFen(paid!.total));
}

/**
 * A card's 消费 for a visit, in the caller's transaction (under the visit's row lock): the card is
 * locked, its password checked, and the balance moves by a conditional update. 卡支付 and the
 * cashier's 收款 (费用管理) both draw this way; the caller writes the payments line.
 */
export async function drawFromCard(
  tx: Tx,
  draw: { cardNo: string; password?: string; amountFen: number; dueFen: number; orderId: string; operatorId: number },
) {
  const card = await lockCard(tx, draw.cardNo);
  assertUsable(card, '使用');
  if (card.passwordHash) {
    if (!draw.password) throw new AppError('VALIDATION', '该卡设有密码，请输入卡密码');
    if (!(await verifyPassword(draw.password, card.passwordHash))) throw new AppError('VALIDATION', '卡密码不正确');
  }
  if (draw.dueFen === 0) throw new AppError('VALIDATION', '该体检没有待收的自费费用');
  if (draw.amountFen > draw.dueFen) {
    throw new AppError('VALIDATION', `支付金额${yuan(draw.amountFen)}超过待收自费金额${yuan(draw.dueFen)}`);
  }
  if (draw.amountFen > card.balanceFen) throw new AppError('VALIDATION', `余额不足，当前余额${yuan(card.balanceFen)}`);
  const { balanceFen } = await writeLedger(tx, card, {
    kind: '消费',
    amountFen: -draw.amountFen,
    operatorId: draw.operatorId,
    orderId: draw.orderId,
  });
  return { card, balanceFen };
}

/**
 * Money given back to the card that paid a visit (退项, 误操作退款 of a card line), as a 退款 ledger
 * line in the caller's transaction. A void card takes nothing back.
 */
export async function returnToCard(
  tx: Tx,
  back: { cardId: number; amountFen: number; orderId: string; operatorId: number; note: string; refundOf?: number },
) {
  const [row] = await tx.select({ cardNo: examCards.cardNo }).from(examCards).where(eq(examCards.id, back.cardId));
  if (!row) throw new AppError('RECORD_NOT_FOUND', '该体检卡不存在');
  const card = await lockCard(tx, row.cardNo);
  if (card.state === '已作废') throw new AppError('ILLEGAL_TRANSITION', '该卡已作废，不能退款到卡内');
  const { balanceFen } = await writeLedger(tx, card, {
    kind: '退款',
    amountFen: back.amountFen,
    operatorId: back.operatorId,
    orderId: back.orderId,
    refundOf: back.refundOf,
    note: back.note,
  });
  return { cardNo: card.cardNo, balanceFen };
}

/**
 * 卡支付: a card pays up to what the visit owes. The card and the visit are locked, the balance moves
 * by a conditional update, and the 消费 line and the payments line are written in one transaction.
 */
export async function payWithCard(
  db: Db,
  input: In<typeof cardPayRoute>,
  user: UserInfo,
  request: FastifyRequest,
): Promise<RouteOutput<typeof cardPayRoute>> {
  return db.transaction(async (tx) => {
    const dueFen = await visitDueFen(tx, input.order_id, true);
    const { card, balanceFen } = await drawFromCard(tx, {
      cardNo: input.card_no,
      password: input.password,
      amountFen: input.amount,
      dueFen,
      orderId: input.order_id,
      operatorId: user.id,
    });
    await tx.insert(payments).values({
      orderId: input.order_id,
      cardId: card.id,
      purpose: 'visit',
      amount: moneyText(input.amount),
      payMethod: 'exam_card',
      operatorId: user.id,
    });
    const unpaid = dueFen - input.amount;
    // Paid in full: the 自费 lines show as paid (收费) on the desk, as the cashier's payment would.
    if (unpaid === 0) {
      await tx
        .update(orderUnions)
        .set({ feeCharged: true })
        .where(and(eq(orderUnions.orderId, input.order_id), eq(orderUnions.payMode, 'self')));
    }
    await recordAudit(tx, request, 'exam_card_pay', {
      ...actor(user),
      target: input.order_id,
      detail: { card_no: card.cardNo, amount: moneyText(input.amount), balance: moneyText(balanceFen) },
    });
    return {
      card_no: card.cardNo,
      paid: moneyText(input.amount),
      balance: moneyText(balanceFen),
      unpaid: moneyText(unpaid),
    };
  });
}

/** 退款: a 消费 line given back to its card once (a void card takes nothing back). */
export async function refundCardPay(
  db: Db,
  input: In<typeof cardPayRefundRoute>,
  user: UserInfo,
  request: FastifyRequest,
): Promise<RouteOutput<typeof cardPayRefundRoute>> {
  return db.transaction(async (tx) => {
    const [line] = await tx
      .select({
        kind: cardLedger.kind,
        amount: cardLedger.amount,
        orderId: cardLedger.orderId,
        cardId: cardLedger.cardId,
      })
      .from(cardLedger)
      .where(eq(cardLedger.id, input.ledger_id));
    if (!line || line.kind !== '消费' || !line.orderId) throw new AppError('RECORD_NOT_FOUND', '该消费记录不存在');
    const [done] = await tx
      .select({ id: cardLedger.id })
      .from(cardLedger)
      .where(eq(cardLedger.refundOf, input.ledger_id));
    if (done) throw new AppError('CONFLICT', '该消费已退款，不能重复退款');
    const amountFen = -toFen(line.amount);
    const { balanceFen, cardNo } = await returnToCard(tx, {
      cardId: line.cardId,
      amountFen,
      operatorId: user.id,
      orderId: line.orderId,
      refundOf: input.ledger_id,
      note: input.reason,
    });
    await tx.insert(payments).values({
      orderId: line.orderId,
      cardId: line.cardId,
      purpose: 'visit',
      amount: moneyText(-amountFen),
      payMethod: 'exam_card',
      operatorId: user.id,
      note: `退回体检卡：${input.reason}`,
    });
    await tx
      .update(orderUnions)
      .set({ feeCharged: false })
      .where(and(eq(orderUnions.orderId, line.orderId), eq(orderUnions.payMode, 'self')));
    await recordAudit(tx, request, 'exam_card_refund', {
      ...actor(user),
      target: line.orderId,
      detail: { card_no: cardNo, amount: moneyText(amountFen), reason: input.reason },
    });
    return { card_no: cardNo, balance: moneyText(balanceFen) };
  });
}

/** What a visit owes, and the card lines that paid it or were given back. */
export async function visitDue(db: Db, orderId: string) {
  const dueFen = await visitDueFen(db, orderId);
  const cardLines = await ledgerRows(
    db,
    and(eq(cardLedger.orderId, orderId), sql`${cardLedger.kind} in ('消费', '退款')`)!,
  );
  return { unpaid: moneyText(dueFen), card_lines: cardLines };
}
