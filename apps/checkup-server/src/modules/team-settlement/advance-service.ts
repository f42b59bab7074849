import type { FastifyRequest } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import {
  AppError,
  moneyText,
  type advanceRefundRoute,
  type advanceStateRoute,
  type advanceTopupRoute,
  type CompanyAccountState,
  type UserInfo,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { companies, companyAccounts, payments } from '../../db/schema.js';
import { recordAudit } from '../audit/repository.js';
import { accountRow, assertVersion, lockAccount, moveAccount, yuan, type LockedAccount } from './advance-account.js';

type In<R extends { input: z.ZodType }> = z.output<R['input']>;
const actor = (user: UserInfo) => ({ userId: user.id, userAccount: user.user_account });

async function lockedOrMissing(tx: Parameters<Parameters<Db['transaction']>[0]>[0], id: number, version: number) {
  const account = await lockAccount(tx, { id });
  if (!account) throw new AppError('RECORD_NOT_FOUND', '该预缴账户不存在');
  assertVersion(account.version, version);
  return account;
}

/** 开户: one account per company, 正常 with nothing in it. */
export async function openAccount(db: Db, companyId: number, user: UserInfo, request: FastifyRequest) {
  return db.transaction(async (tx) => {
    const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
    if (!company) throw new AppError('RECORD_NOT_FOUND', '该单位不存在');
    const [made] = await tx
      .insert(companyAccounts)
      .values({ companyId, createdBy: user.id })
      .onConflictDoNothing()
      .returning({ id: companyAccounts.id });
    if (!made) throw new AppError('CONFLICT', '该单位已开立预缴账户');
    await recordAudit(tx, request, 'team_advance_open', { ...actor(user), target: `company:${companyId}` });
    return accountRow(tx, made.id);
  });
}

const STATE_MOVES: Record<
  In<typeof advanceStateRoute>['action'],
  { from: CompanyAccountState[]; to: CompanyAccountState; kind: '冻结' | '解冻' | '销户'; refusal: string }
> = {
  freeze: { from: ['正常'], to: '冻结', kind: '冻结', refusal: '只有正常状态的账户可以冻结' },
  unfreeze: { from: ['冻结'], to: '正常', kind: '解冻', refusal: '该账户未冻结，不需要解冻' },
  close: { from: ['正常', '冻结'], to: '销户', kind: '销户', refusal: '该账户已销户' },
};

/** 冻结 / 解冻 / 销户 with the reason; an account still holding money is not closed (refund it first). */
export async function changeAccountState(
  db: Db,
  input: In<typeof advanceStateRoute>,
  user: UserInfo,
  request: FastifyRequest,
) {
  return db.transaction(async (tx) => {
    const account = await lockedOrMissing(tx, input.id, input.version);
    const move = STATE_MOVES[input.action];
    if (!move.from.includes(account.state)) throw new AppError('ILLEGAL_TRANSITION', move.refusal);
    if (input.action === 'close' && account.balanceFen > 0) {
      throw new AppError('ILLEGAL_TRANSITION', `该账户尚有余额${yuan(account.balanceFen)}，请先退款再销户`);
    }
    await moveAccount(tx, account, {
      kind: move.kind,
      amountFen: 0,
      operatorId: user.id,
      note: input.reason,
      state: move.to,
    });
    await recordAudit(tx, request, `team_advance_${input.action}`, {
      ...actor(user),
      target: `company_account:${account.id}`,
      detail: { reason: input.reason },
    });
    return accountRow(tx, account.id);
  });
}

function assertNormal(account: LockedAccount, doing: string) {
  if (account.state !== '正常') throw new AppError('ILLEGAL_TRANSITION', `该账户已${account.state}，不能${doing}`);
}

/** 充值: one method, a payments line (purpose advance) and a 充值 ledger line; 正常 accounts only. */
export async function topUp(db: Db, input: In<typeof advanceTopupRoute>, user: UserInfo, request: FastifyRequest) {
  return db.transaction(async (tx) => {
    const account = await lockedOrMissing(tx, input.id, input.version);
    assertNormal(account, '充值');
    const [line] = await tx
      .insert(payments)
      .values({
        purpose: 'advance',
        companyAccountId: account.id,
        amount: moneyText(input.amount),
        payMethod: input.method,
        tradeNo: input.trade_no || null,
        note: input.note || null,
        operatorId: user.id,
      })
      .returning({ id: payments.id });
    const balanceFen = await moveAccount(tx, account, {
      kind: '充值',
      amountFen: input.amount,
      operatorId: user.id,
      paymentId: line!.id,
      note: input.note || null,
    });
    await recordAudit(tx, request, 'team_advance_topup', {
      ...actor(user),
      target: `company_account:${account.id}`,
      detail: { method: input.method, amount: moneyText(input.amount), balance: moneyText(balanceFen) },
    });
    return accountRow(tx, account.id);
  });
}

/**
 * 退款 of unused balance: a negative payments line (kind refund, refund_of the latest top-up) and a
 * 退款 ledger line. A frozen account is refused (it is frozen for a reason); a closed one holds nothing.
 */
export async function refundBalance(
  db: Db,
  input: In<typeof advanceRefundRoute>,
  user: UserInfo,
  request: FastifyRequest,
) {
  return db.transaction(async (tx) => {
    const account = await lockedOrMissing(tx, input.id, input.version);
    assertNormal(account, '退款');
    if (input.amount > account.balanceFen) {
      throw new AppError('VALIDATION', `退款金额${yuan(input.amount)}超过预缴余额${yuan(account.balanceFen)}`);
    }
    const [topup] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(eq(payments.companyAccountId, account.id), eq(payments.purpose, 'advance'), eq(payments.kind, 'charge')),
      )
      .orderBy(desc(payments.id))
      .limit(1);
    const [line] = await tx
      .insert(payments)
      .values({
        purpose: 'advance',
        kind: 'refund',
        refundOf: topup!.id,
        companyAccountId: account.id,
        amount: moneyText(-input.amount),
        payMethod: input.method,
        note: input.reason,
        operatorId: user.id,
      })
      .returning({ id: payments.id });
    const balanceFen = await moveAccount(tx, account, {
      kind: '退款',
      amountFen: -input.amount,
      operatorId: user.id,
      paymentId: line!.id,
      note: input.reason,
    });
    await recordAudit(tx, request, 'team_advance_refund', {
      ...actor(user),
      target: `company_account:${account.id}`,
      detail: {
        method: input.method,
        amount: moneyText(input.amount),
        balance: moneyText(balanceFen),
        reason: input.reason,
      },
    });
    return accountRow(tx, account.id);
  });
}
