import type { FastifyRequest } from 'fastify';
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import {
  AppError,
  CARD_BATCH_MAX,
  CARD_SEQ_DIGITS,
  moneyText,
  type CardState,
  type RouteOutput,
  type UserInfo,
  type cardBatchCreateRoute,
  type cardSellRoute,
  type cardRechargeRoute,
  type cardFreezeRoute,
  type cardVoidRoute,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { addDays } from '../../db/demo/dates.js';
import { cardBatches, cardLedger, cardTypes, examCards } from '../../db/schema.js';
import { todayCst } from '../../lib/hospital-day.js';
import { recordAudit } from '../audit/repository.js';
import { hashPassword } from '../auth/password.js';
import type { PersonalData } from '../people/personal-data.js';
import {
  assertCollected,
  assertUsable,
  isExpired,
  lockCard,
  writeCardPayments,
  writeLedger,
  yuan,
} from './card-ledger.js';

type In<R extends { input: z.ZodType }> = z.output<R['input']>;
const actor = (user: UserInfo) => ({ userId: user.id, userAccount: user.user_account });
const INSERT_CHUNK = 500;

/** A card number: the type's prefix and an 8-digit running number. */
export const cardNumber = (prefix: string, seq: number) => `${prefix}${String(seq).padStart(CARD_SEQ_DIGITS, '0')}`;
const splitNo = (no: string) => ({ prefix: no.slice(0, -CARD_SEQ_DIGITS), seq: Number(no.slice(-CARD_SEQ_DIGITS)) });

/** 现有最大卡号 of a type's prefix, and the running number after it. */
export async function nextNumber(db: Db, typeId: number) {
  const [type] = await db.select({ prefix: cardTypes.prefix }).from(cardTypes).where(eq(cardTypes.id, typeId));
  if (!type) throw new AppError('RECORD_NOT_FOUND', '该卡类型不存在');
  const [max] = await db
    .select({ no: sql<string | null>`max(${examCards.cardNo})` })
    .from(examCards)
    .where(
      and(
        sql`${examCards.cardNo} like ${`${type.prefix}%`}`,
        sql`length(${examCards.cardNo}) = ${type.prefix.length + CARD_SEQ_DIGITS}`,
      ),
    );
  const maxNo = max?.no ?? null;
  return { prefix: type.prefix, max_no: maxNo, next_seq: maxNo ? splitNo(maxNo).seq + 1 : 1 };
}

/** 制卡: a batch of `count` cards with consecutive numbers, each with its 制卡 ledger line of the face value. */
export async function makeBatch(
  db: Db,
  input: In<typeof cardBatchCreateRoute>,
  user: UserInfo,
  request: FastifyRequest,
): Promise<RouteOutput<typeof cardBatchCreateRoute>> {
  return db.transaction(async (tx) => {
    const [type] = await tx.select().from(cardTypes).where(eq(cardTypes.id, input.type_id));
    if (!type) throw new AppError('RECORD_NOT_FOUND', '该卡类型不存在');
    if (!type.isActive) throw new AppError('CONFLICT', '该卡类型已停用，不能制卡');
    const lastSeq = input.start_seq + input.count - 1;
    if (lastSeq >= 10 ** CARD_SEQ_DIGITS) throw new AppError('VALIDATION', `卡号序号不能超过${CARD_SEQ_DIGITS}位`);
    const startNo = cardNumber(type.prefix, input.start_seq);
    const endNo = cardNumber(type.prefix, lastSeq);
    const validUntil = type.validityDays ? addDays(todayCst(), type.validityDays) : type.validUntil!;
    if (validUntil < todayCst()) throw new AppError('VALIDATION', `该卡类型的截止日期 ${validUntil} 已过，不能制卡`);
    // Same prefix and length: the numbers sort as their running numbers do.
    const [taken] = await tx
      .select({ no: examCards.cardNo })
      .from(examCards)
      .where(and(between(examCards.cardNo, startNo, endNo), sql`length(${examCards.cardNo}) = ${startNo.length}`))
      .orderBy(asc(examCards.cardNo))
      .limit(1);
    if (taken) throw new AppError('CONFLICT', `存在相同的卡号（${taken.no}），请更换起始卡号或数量`);
    const [batch] = await tx
      .insert(cardBatches)
      .values({
        typeId: type.id,
        startNo,
        endNo,
        cardCount: input.count,
        faceValue: type.faceValue,
        validUntil,
        receiver: input.receiver,
        remark: input.remark,
        createdBy: user.id,
      })
      .returning({ id: cardBatches.id });
    for (let from = 0; from < input.count; from += INSERT_CHUNK) {
      const seqs = Array.from(
        { length: Math.min(INSERT_CHUNK, input.count - from) },
        (_, i) => input.start_seq + from + i,
      );
      const made = await tx
        .insert(examCards)
        .values(
          seqs.map((seq) => ({
            cardNo: cardNumber(type.prefix, seq),
            typeId: type.id,
            batchId: batch!.id,
            balance: type.faceValue,
            validUntil,
          })),
        )
        // A number made meanwhile by another batch: the whole batch is refused.
        .onConflictDoNothing()
        .returning({ id: examCards.id });
      if (made.length !== seqs.length) throw new AppError('CONFLICT', '存在相同的卡号，请刷新现有最大卡号后重试');
      await tx.insert(cardLedger).values(
        made.map((c) => ({
          cardId: c.id,
          kind: '制卡',
          amount: type.faceValue,
          balanceAfter: type.faceValue,
          operatorId: user.id,
          note: `批次${batch!.id}`,
        })),
      );
    }
    await recordAudit(tx, request, 'exam_card_make', {
      ...actor(user),
      target: `card_batch:${batch!.id}`,
      detail: { type_id: type.id, start_no: startNo, end_no: endNo, count: input.count },
    });
    return { id: batch!.id, start_no: startNo, end_no: endNo, card_count: input.count };
  });
}

const SALE_REFUSAL: Partial<Record<CardState, string>> = {
  已售: '已经售卡，无法再进行卡办理',
  已冻结: '已冻结，不能售卡',
  已作废: '已作废，不能售卡',
};

/** 售卡: one card or a consecutive range of unsold cards; the money lines equal the price of them all. */
export async function sellCards(
  db: Db,
  personalData: PersonalData,
  input: In<typeof cardSellRoute>,
  user: UserInfo,
  request: FastifyRequest,
): Promise<RouteOutput<typeof cardSellRoute>> {
  const endNo = input.end_no ?? input.start_no;
  const start = splitNo(input.start_no);
  const end = splitNo(endNo);
  if (start.prefix !== end.prefix || input.start_no.length !== endNo.length) {
    throw new AppError('VALIDATION', '起始卡号与结束卡号的前缀和位数须相同');
  }
  if (start.seq > end.seq) throw new AppError('VALIDATION', '起始卡号不能大于结束卡号');
  const count = end.seq - start.seq + 1;
  if (count > CARD_BATCH_MAX) throw new AppError('VALIDATION', `一次最多售卡${CARD_BATCH_MAX}张`);
  assertCollected(input.payments, input.sale_price * count);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    const cards = await tx
      .select({ id: examCards.id, cardNo: examCards.cardNo, state: examCards.state, validUntil: examCards.validUntil })
      .from(examCards)
      .where(and(between(examCards.cardNo, input.start_no, endNo), sql`length(${examCards.cardNo}) = ${endNo.length}`))
      .orderBy(asc(examCards.cardNo))
      .for('update');
    for (let seq = start.seq, i = 0; seq <= end.seq; seq += 1, i += 1) {
      const no = cardNumber(start.prefix, seq);
      const card = cards[i];
      if (card?.cardNo !== no) throw new AppError('RECORD_NOT_FOUND', `卡号${no}不存在，请核对卡号`);
      const refusal = SALE_REFUSAL[card.state as CardState];
      if (refusal) throw new AppError('CONFLICT', `体检卡${no}${refusal}`);
      if (isExpired(card)) throw new AppError('CONFLICT', `体检卡${no}已过期（有效期至 ${card.validUntil}），不能售卡`);
    }
    const ids = cards.map((c) => c.id);
    const buyer = {
      buyerName: input.buyer_name,
      buyerPhoneEnc: personalData.seal('exam_cards.buyer_phone', input.buyer_phone),
      buyerPhoneHash: personalData.phoneLookup(input.buyer_phone),
    };
    const sold = await tx
      .update(examCards)
      .set({
        ...buyer,
        state: '已售',
        salePrice: moneyText(input.sale_price),
        passwordHash,
        soldBy: user.id,
        soldAt: sql`now()`,
        version: sql`${examCards.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(inArray(examCards.id, ids), eq(examCards.state, '未售')))
      .returning({ id: examCards.id, balance: examCards.balance });
    if (sold.length !== ids.length) throw new AppError('CONFLICT', '部分体检卡刚被他人办理，请刷新后重试');
    await tx.insert(cardLedger).values(
      sold.map((c) => ({
        cardId: c.id,
        kind: '售卡',
        amount: '0',
        balanceAfter: c.balance,
        operatorId: user.id,
        note: `售价${yuan(input.sale_price)}`,
      })),
    );
    // One sale, one set of money lines: they hang on the range's first card and name the range.
    const range = count === 1 ? input.start_no : `${input.start_no}～${endNo}`;
    await writeCardPayments(tx, input.payments, {
      cardId: ids[0]!,
      purpose: 'card_sale',
      operatorId: user.id,
      note: `售卡 ${range} 共${count}张`,
    });
    await recordAudit(tx, request, 'exam_card_sell', {
      ...actor(user),
      target: range,
      detail: { cards: count, total: moneyText(input.sale_price * count) },
    });
    return { cards: count, total: moneyText(input.sale_price * count) };
  });
}

/** 充值: a sold, usable card of a rechargeable type; the money lines equal the amount. */
export async function rechargeCard(
  db: Db,
  input: In<typeof cardRechargeRoute>,
  user: UserInfo,
  request: FastifyRequest,
): Promise<RouteOutput<typeof cardRechargeRoute>> {
  assertCollected(input.payments, input.amount);
  return db.transaction(async (tx) => {
    const card = await lockCard(tx, input.card_no);
    if (!card.rechargeable) throw new AppError('ILLEGAL_TRANSITION', '该类型体检卡不能充值');
    assertUsable(card, '充值');
    const { balanceFen } = await writeLedger(tx, card, { kind: '充值', amountFen: input.amount, operatorId: user.id });
    await writeCardPayments(tx, input.payments, { cardId: card.id, purpose: 'card_recharge', operatorId: user.id });
    await recordAudit(tx, request, 'exam_card_recharge', {
      ...actor(user),
      target: card.cardNo,
      detail: { amount: moneyText(input.amount), balance: moneyText(balanceFen) },
    });
    return { card_no: card.cardNo, balance: moneyText(balanceFen) };
  });
}

/** 冻结 (an unsold or sold card) and 解冻 (back to the state it was frozen in), with the reason. */
export async function freezeCard(
  db: Db,
  input: In<typeof cardFreezeRoute>,
  user: UserInfo,
  request: FastifyRequest,
): Promise<RouteOutput<typeof cardFreezeRoute>> {
  return db.transaction(async (tx) => {
    const card = await lockCard(tx, input.card_no);
    const freezing = input.freeze === '1';
    if (card.state === '已作废') throw new AppError('ILLEGAL_TRANSITION', '该卡已作废，不能冻结或解冻');
    if (freezing && card.state === '已冻结') throw new AppError('ILLEGAL_TRANSITION', '该卡已冻结，不能重复冻结');
    if (!freezing && card.state !== '已冻结') throw new AppError('ILLEGAL_TRANSITION', '该卡未冻结，不需要解冻');
    const next = (freezing ? '已冻结' : (card.stateBeforeFreeze ?? '已售')) as CardState;
    await writeLedger(
      tx,
      card,
      { kind: freezing ? '冻结' : '解冻', amountFen: 0, operatorId: user.id, note: input.reason },
      { state: next, stateBeforeFreeze: freezing ? card.state : null, stateNote: input.reason },
    );
    await recordAudit(tx, request, freezing ? 'exam_card_freeze' : 'exam_card_unfreeze', {
      ...actor(user),
      target: card.cardNo,
      detail: { reason: input.reason },
    });
    return { card_no: card.cardNo, state: next };
  });
}

/** 作废: for good; a sold card still holding money is refused (its balance is the buyer's). */
export async function voidCard(
  db: Db,
  input: In<typeof cardVoidRoute>,
  user: UserInfo,
  request: FastifyRequest,
): Promise<RouteOutput<typeof cardVoidRoute>> {
  return db.transaction(async (tx) => {
    const card = await lockCard(tx, input.card_no);
    if (card.state === '已作废') throw new AppError('ILLEGAL_TRANSITION', '该卡已作废');
    const sold = card.state === '已售' || (card.state === '已冻结' && card.stateBeforeFreeze === '已售');
    if (sold && card.balanceFen > 0) {
      throw new AppError('ILLEGAL_TRANSITION', `该卡已售出且尚有余额${yuan(card.balanceFen)}，不能作废`);
    }
    // An unsold card's face value goes with it: the ledger still adds up to the balance (0).
    await writeLedger(
      tx,
      card,
      { kind: '作废', amountFen: -card.balanceFen, operatorId: user.id, note: input.reason },
      { state: '已作废', stateBeforeFreeze: null, stateNote: input.reason },
    );
    await recordAudit(tx, request, 'exam_card_void', {
      ...actor(user),
      target: card.cardNo,
      detail: { reason: input.reason },
    });
    return { card_no: card.cardNo, state: '已作废' as const };
  });
}
