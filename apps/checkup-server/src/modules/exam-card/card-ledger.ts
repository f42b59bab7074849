import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AppError,
  maskName,
  moneyText,
  toFen,
  type CardLedgerKind,
  type CardLedgerRow,
  type CardState,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { cardLedger, cardTypes, customers, examCards, orders, payments, users } from '../../db/schema.js';
import { todayCst } from '../../lib/hospital-day.js';
import type { Tx } from '../../lib/resource/serve-resource.js';

/** A card read under its row lock (SELECT … FOR UPDATE): nothing else changes it until the transaction ends. */
export interface LockedCard {
  id: number;
  cardNo: string;
  state: CardState;
  stateBeforeFreeze: string | null;
  balanceFen: number;
  validUntil: string;
  passwordHash: string | null;
  rechargeable: boolean;
}

export const yuan = (fen: number) => `¥${moneyText(fen)}`;

export async function lockCard(tx: Tx, cardNo: string): Promise<LockedCard> {
  const [card] = await tx
    .select({
      id: examCards.id,
      cardNo: examCards.cardNo,
      state: examCards.state,
      stateBeforeFreeze: examCards.stateBeforeFreeze,
      balance: examCards.balance,
      validUntil: examCards.validUntil,
      passwordHash: examCards.passwordHash,
      rechargeable: cardTypes.rechargeable,
    })
    .from(examCards)
    .innerJoin(cardTypes, eq(cardTypes.id, examCards.typeId))
    .where(eq(examCards.cardNo, cardNo))
    .for('update', { of: examCards });
  if (!card) throw new AppError('RECORD_NOT_FOUND', '找不到卡信息，请核对卡号');
  return { ...card, state: card.state as CardState, balanceFen: toFen(card.balance) };
}

export const isExpired = (card: Pick<LockedCard, 'validUntil'>) => card.validUntil < todayCst();

/** A card that may pay or be recharged: sold, not frozen or void, not past its end date. */
export function assertUsable(card: LockedCard, doing: string): void {
  if (card.state === '已冻结') throw new AppError('ILLEGAL_TRANSITION', `该卡已冻结，不能${doing}`);
  if (card.state === '已作废') throw new AppError('ILLEGAL_TRANSITION', `该卡已作废，不能${doing}`);
  if (card.state === '未售') throw new AppError('ILLEGAL_TRANSITION', `该卡尚未售出，不能${doing}`);
  if (isExpired(card))
    throw new AppError('ILLEGAL_TRANSITION', `该卡已过期（有效期至 ${card.validUntil}），不能${doing}`);
}

export interface LedgerEntry {
  kind: CardLedgerKind;
  /** Signed, in fen: what the line adds to the balance. */
  amountFen: number;
  operatorId: number;
  orderId?: string;
  refundOf?: number;
  note?: string | null;
}

/**
 * Moves a card's balance and writes its ledger line in the caller's transaction. The update is
 * conditional on the balance staying ≥ 0, so even without the row lock two spends cannot overdraw.
 */
export async function writeLedger(
  tx: Tx,
  card: Pick<LockedCard, 'id'>,
  entry: LedgerEntry,
  set: Record<string, unknown> = {},
) {
  const amount = moneyText(entry.amountFen);
  const [after] = await tx
    .update(examCards)
    .set({
      ...set,
      balance: sql`${examCards.balance} + ${amount}::numeric`,
      version: sql`${examCards.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(examCards.id, card.id), sql`${examCards.balance} + ${amount}::numeric >= 0`))
    .returning({ balance: examCards.balance });
  if (!after) {
    const [now] = await tx.select({ balance: examCards.balance }).from(examCards).where(eq(examCards.id, card.id));
    throw new AppError('VALIDATION', `余额不足，当前余额${yuan(toFen(now?.balance ?? 0))}`);
  }
  const [line] = await tx
    .insert(cardLedger)
    .values({
      cardId: card.id,
      kind: entry.kind,
      amount,
      balanceAfter: after.balance,
      orderId: entry.orderId ?? null,
      refundOf: entry.refundOf ?? null,
      note: entry.note ?? null,
      operatorId: entry.operatorId,
    })
    .returning({ id: cardLedger.id });
  return { ledgerId: line!.id, balanceFen: toFen(after.balance) };
}

export interface MoneyLine {
  method: string;
  amount: number;
  trade_no?: string;
}

/** The money taken for a card (sale, recharge) as payments lines. */
export async function writeCardPayments(
  tx: Tx,
  lines: readonly MoneyLine[],
  owner: { cardId: number; purpose: 'card_sale' | 'card_recharge'; operatorId: number; note?: string },
) {
  await tx.insert(payments).values(
    lines.map((l) => ({
      cardId: owner.cardId,
      purpose: owner.purpose,
      amount: moneyText(l.amount),
      payMethod: l.method,
      tradeNo: l.trade_no || null,
      operatorId: owner.operatorId,
      note: owner.note ?? null,
    })),
  );
}

/** Collected must equal what is due (breadth §2.12: 请检查收费内容). */
export function assertCollected(lines: readonly MoneyLine[], dueFen: number): void {
  const collected = lines.reduce((sum, l) => sum + l.amount, 0);
  if (collected !== dueFen) {
    throw new AppError('VALIDATION', `收款合计与售价不一致（当前收款${yuan(collected)}，应收${yuan(dueFen)}）`);
  }
}

const refund = alias(cardLedger, 'card_refund_line');

/** Ledger lines as answered, oldest first, the examinee's name masked. */
export async function ledgerRows(db: Db | Tx, where: SQL): Promise<(CardLedgerRow & { card_no: string })[]> {
  const rows = await db
    .select({
      id: cardLedger.id,
      card_no: examCards.cardNo,
      kind: cardLedger.kind,
      amount: cardLedger.amount,
      balance_after: cardLedger.balanceAfter,
      order_id: cardLedger.orderId,
      cust_name: customers.custName,
      note: cardLedger.note,
      operator_name: users.userName,
      created_at: cardLedger.createdAt,
      refunded: refund.id,
    })
    .from(cardLedger)
    .innerJoin(examCards, eq(examCards.id, cardLedger.cardId))
    .leftJoin(orders, eq(orders.orderId, cardLedger.orderId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(users, eq(users.id, cardLedger.operatorId))
    .leftJoin(refund, eq(refund.refundOf, cardLedger.id))
    .where(where)
    .orderBy(asc(cardLedger.id));
  return rows.map(({ refunded, ...r }) => ({
    ...r,
    kind: r.kind as CardLedgerKind,
    amount: moneyText(toFen(r.amount)),
    balance_after: moneyText(toFen(r.balance_after)),
    cust_name: r.cust_name ? maskName(r.cust_name) : null,
    created_at: r.created_at.toISOString(),
    refundable: r.kind === '消费' && refunded === null,
  }));
}

/** The money lines of a card (its sale, recharges, and the visits it paid). */
export async function cardPaymentRows(db: Db, cardId: number) {
  const rows = await db
    .select({
      id: payments.id,
      purpose: payments.purpose,
      pay_method: payments.payMethod,
      amount: payments.amount,
      order_id: payments.orderId,
      trade_no: payments.tradeNo,
      operator_name: users.userName,
      paid_at: payments.paidAt,
    })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.operatorId))
    .where(eq(payments.cardId, cardId))
    .orderBy(asc(payments.id));
  return rows.map((r) => ({ ...r, amount: moneyText(toFen(r.amount)), paid_at: r.paid_at.toISOString() }));
}

export const ledgerOfCards = (ids: number[]) => inArray(cardLedger.cardId, ids);
