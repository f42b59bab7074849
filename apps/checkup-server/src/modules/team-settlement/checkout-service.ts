import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AppError,
  moneyText,
  SETTLE_MESSAGES,
  toFen,
  type statementCheckoutRoute,
  type statementUncheckoutRoute,
  type UserInfo,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { groupOrders, payments, settlements } from '../../db/schema.js';
import type { Tx } from '../../lib/resource/serve-resource.js';
import { recordAudit } from '../audit/repository.js';
import { assertCanDraw, lockAccount, moveAccount } from './advance-account.js';
import { actor, lockStatement } from './statement-service.js';
import { statementRow } from './statement-rows.js';

type In<R extends { input: z.ZodType }> = z.output<R['input']>;

async function companyOf(tx: Tx, groupOrderId: number) {
  const [order] = await tx
    .select({ companyId: groupOrders.companyId })
    .from(groupOrders)
    .where(eq(groupOrders.id, groupOrderId));
  return order!.companyId;
}

/**
 * 结账 (§3.6, §11.2(c)6) of an audited statement: the payment lines add up to 实际结帐金额 exactly, none
 * is 0; a 划账 line draws on the company's prepaid account under its row lock (one checkout at a time).
 * All lines, the ledger and the statement's state move in one transaction.
 */
export async function checkout(
  db: Db,
  input: In<typeof statementCheckoutRoute>,
  user: UserInfo,
  request: FastifyRequest,
) {
  if (input.payments.some((l) => l.amount === 0)) throw new AppError('VALIDATION', SETTLE_MESSAGES.zero);
  const sumFen = input.payments.reduce((s, l) => s + l.amount, 0);
  if (sumFen !== input.amount) throw new AppError('VALIDATION', SETTLE_MESSAGES.mismatch);
  return db.transaction(async (tx) => {
    const st = await lockStatement(tx, input.id, input.version);
    if (st.state === '已结账') throw new AppError('CONFLICT', '该数据已收费,请勿重复操作');
    if (st.state !== '已审核') throw new AppError('ILLEGAL_TRANSITION', `结算单${st.state}，请先审核再结账`);
    const drawFen = input.payments.filter((l) => l.method === 'advance').reduce((s, l) => s + l.amount, 0);
    const account = drawFen > 0 ? await lockAccount(tx, { companyId: await companyOf(tx, st.groupOrderId) }) : null;
    if (drawFen > 0) await assertCanDraw(tx, account, drawFen);
    for (const line of input.payments) {
      const advance = line.method === 'advance';
      const [paid] = await tx
        .insert(payments)
        .values({
          purpose: 'settlement',
          settlementId: st.id,
          companyAccountId: advance ? account!.id : null,
          amount: moneyText(line.amount),
          payMethod: line.method,
          tradeNo: line.trade_no || null,
          operatorId: user.id,
          note: `结算单${st.no}`,
        })
        .returning({ id: payments.id });
      if (advance) {
        await moveAccount(tx, account!, {
          kind: '划账',
          amountFen: -line.amount,
          operatorId: user.id,
          paymentId: paid!.id,
          settlementId: st.id,
        });
        account!.balanceFen -= line.amount;
      }
    }
    await tx
      .update(settlements)
      .set({
        state: '已结账',
        checkoutAmount: moneyText(input.amount),
        checkedOutBy: user.id,
        checkedOutAt: sql`now()`,
        version: sql`${settlements.version} + 1`,
        updatedAt: sql`now()`,
        updatedBy: user.id,
      })
      .where(eq(settlements.id, st.id));
    await recordAudit(tx, request, 'team_settlement_checkout', {
      ...actor(user),
      target: st.no,
      detail: {
        amount: moneyText(input.amount),
        net_amount: st.netAmount,
        lines: input.payments.map((l) => ({ method: l.method, amount: moneyText(l.amount) })),
      },
    });
    return statementRow(tx, st.id);
  });
}

const refund = alias(payments, 'settlement_refund');

/**
 * 反结账: the standing checkout's lines (charges not yet given back) each get a negative refund line;
 * 划账 goes back to the prepaid account. Refused once a cashier day-end closed any of those lines.
 */
export async function uncheckout(
  db: Db,
  input: In<typeof statementUncheckoutRoute>,
  user: UserInfo,
  request: FastifyRequest,
) {
  return db.transaction(async (tx) => {
    const st = await lockStatement(tx, input.id, input.version);
    if (st.state !== '已结账') throw new AppError('ILLEGAL_TRANSITION', `结算单${st.state}，不能反结账`);
    const lines = await tx
      .select({
        id: payments.id,
        amount: payments.amount,
        method: payments.payMethod,
        accountId: payments.companyAccountId,
        dayEndId: payments.dayEndId,
      })
      .from(payments)
      .leftJoin(refund, eq(refund.refundOf, payments.id))
      .where(
        and(
          eq(payments.settlementId, st.id),
          eq(payments.purpose, 'settlement'),
          eq(payments.kind, 'charge'),
          isNull(refund.id),
        ),
      )
      .orderBy(payments.id)
      // The lines themselves: a day-end taking them meanwhile waits, or this waits for it.
      .for('update', { of: payments });
    if (lines.some((l) => l.dayEndId !== null)) throw new AppError('ILLEGAL_TRANSITION', SETTLE_MESSAGES.dayEnded);
    for (const line of lines) {
      const [back] = await tx
        .insert(payments)
        .values({
          purpose: 'settlement',
          kind: 'refund',
          refundOf: line.id,
          settlementId: st.id,
          companyAccountId: line.accountId,
          amount: moneyText(-toFen(line.amount)),
          payMethod: line.method,
          operatorId: user.id,
          note: `反结账：${input.reason}`,
        })
        .returning({ id: payments.id });
      if (line.method === 'advance' && line.accountId !== null) {
        const account = await lockAccount(tx, { id: line.accountId });
        await moveAccount(tx, account!, {
          kind: '退回',
          amountFen: toFen(line.amount),
          operatorId: user.id,
          paymentId: back!.id,
          settlementId: st.id,
          note: input.reason,
        });
      }
    }
    await tx
      .update(settlements)
      .set({
        state: '已审核',
        checkoutAmount: null,
        checkedOutBy: null,
        checkedOutAt: null,
        version: sql`${settlements.version} + 1`,
        updatedAt: sql`now()`,
        updatedBy: user.id,
      })
      .where(eq(settlements.id, st.id));
    await recordAudit(tx, request, 'team_settlement_uncheckout', {
      ...actor(user),
      target: st.no,
      detail: { reason: input.reason, lines: lines.length },
    });
    return statementRow(tx, st.id);
  });
}
