import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  moneyText,
  SETTLE_MESSAGES,
  toFen,
  type CompanyAccountRow,
  type CompanyAccountState,
  type CompanyLedgerKind,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { companies, companyAccountLedger, companyAccounts, payments, settlements, users } from '../../db/schema.js';
import type { Tx } from '../../lib/resource/serve-resource.js';

export const yuan = (fen: number) => `¥${moneyText(fen)}`;

/** Whether an account was ever topped up (§3.5: 此商户还未充值). */
const toppedUp = sql<boolean>`exists (select 1 from ${companyAccountLedger} l where l.account_id = ${companyAccounts.id} and l.kind = '充值')`;

const accountColumns = {
  id: companyAccounts.id,
  company_id: companyAccounts.companyId,
  company_name: companies.companyName,
  state: companyAccounts.state,
  balance: companyAccounts.balance,
  topped_up: toppedUp,
  state_note: companyAccounts.stateNote,
  version: companyAccounts.version,
  created_at: companyAccounts.createdAt,
};

type AccountSelect = { [K in keyof typeof accountColumns]: unknown } & {
  balance: string;
  state: string;
  created_at: Date;
  topped_up: boolean;
};

const toRow = (r: AccountSelect): CompanyAccountRow => ({
  ...(r as unknown as CompanyAccountRow),
  state: r.state as CompanyAccountState,
  balance: moneyText(toFen(r.balance)),
  topped_up: Boolean(r.topped_up),
  created_at: r.created_at.toISOString(),
});

export async function accountRows(db: Db | Tx, where?: SQL) {
  const rows = await db
    .select(accountColumns)
    .from(companyAccounts)
    .innerJoin(companies, eq(companies.id, companyAccounts.companyId))
    .where(where)
    .orderBy(asc(companies.companyName));
  return rows.map((r) => toRow(r as AccountSelect));
}

export async function accountRow(db: Db | Tx, id: number) {
  const [row] = await accountRows(db, eq(companyAccounts.id, id));
  if (!row) throw new AppError('RECORD_NOT_FOUND', '该预缴账户不存在');
  return row;
}

export interface LockedAccount {
  id: number;
  companyId: number;
  state: CompanyAccountState;
  balanceFen: number;
  version: number;
}

/** The account under its row lock: one 划账, top-up or refund at a time (§3.5). */
export async function lockAccount(tx: Tx, where: { id: number } | { companyId: number }) {
  const [row] = await tx
    .select({
      id: companyAccounts.id,
      companyId: companyAccounts.companyId,
      state: companyAccounts.state,
      balance: companyAccounts.balance,
      version: companyAccounts.version,
    })
    .from(companyAccounts)
    .where('id' in where ? eq(companyAccounts.id, where.id) : eq(companyAccounts.companyId, where.companyId))
    .for('update');
  if (!row) return null;
  return { ...row, state: row.state as CompanyAccountState, balanceFen: toFen(row.balance) } satisfies LockedAccount;
}

export function assertVersion(current: number, given: number) {
  if (current !== given) throw new AppError('CONFLICT', SETTLE_MESSAGES.stale);
}

export interface AccountMove {
  kind: CompanyLedgerKind;
  /** Signed fen: what the move adds to the balance. */
  amountFen: number;
  operatorId: number;
  paymentId?: number | null;
  settlementId?: number | null;
  note?: string | null;
  state?: CompanyAccountState;
}

/** Moves the balance (never below 0) and writes the ledger line, in the caller's transaction. */
export async function moveAccount(tx: Tx, account: LockedAccount, move: AccountMove) {
  const amount = moneyText(move.amountFen);
  const [after] = await tx
    .update(companyAccounts)
    .set({
      balance: sql`${companyAccounts.balance} + ${amount}::numeric`,
      ...(move.state ? { state: move.state, stateNote: move.note ?? null } : {}),
      version: sql`${companyAccounts.version} + 1`,
      updatedAt: sql`now()`,
      updatedBy: move.operatorId,
    })
    .where(and(eq(companyAccounts.id, account.id), sql`${companyAccounts.balance} + ${amount}::numeric >= 0`))
    .returning({ balance: companyAccounts.balance });
  if (!after) throw new AppError('VALIDATION', `预缴余额不足，当前余额${yuan(account.balanceFen)}`);
  await tx.insert(companyAccountLedger).values({
    accountId: account.id,
    kind: move.kind,
    amount,
    balanceAfter: after.balance,
    paymentId: move.paymentId ?? null,
    settlementId: move.settlementId ?? null,
    note: move.note ?? null,
    operatorId: move.operatorId,
  });
  return toFen(after.balance);
}

/** Whether the account ever took a top-up. */
export async function wasToppedUp(tx: Tx, accountId: number) {
  const [row] = await tx
    .select({ id: companyAccountLedger.id })
    .from(companyAccountLedger)
    .where(and(eq(companyAccountLedger.accountId, accountId), eq(companyAccountLedger.kind, '充值')))
    .limit(1);
  return row !== undefined;
}

/**
 * 划账 (§3.5, §11.2(c)6): the company's account pays part of a checkout. Refused when the account is
 * missing or was never topped up, frozen or closed, or holds too little. The caller holds the lock.
 */
export async function assertCanDraw(tx: Tx, account: LockedAccount | null, amountFen: number) {
  if (!account || !(await wasToppedUp(tx, account.id))) throw new AppError('VALIDATION', SETTLE_MESSAGES.neverToppedUp);
  if (account.state === '冻结') throw new AppError('ILLEGAL_TRANSITION', '该商户预缴账户已冻结，不能划账');
  if (account.state === '销户') throw new AppError('ILLEGAL_TRANSITION', '该商户预缴账户已销户，不能划账');
  if (account.balanceFen < amountFen) {
    throw new AppError('VALIDATION', `预缴余额不足，当前余额${yuan(account.balanceFen)}，划账${yuan(amountFen)}`);
  }
}

/** An account's ledger, oldest first. */
export async function ledgerRows(db: Db, accountId: number) {
  const rows = await db
    .select({
      id: companyAccountLedger.id,
      kind: companyAccountLedger.kind,
      amount: companyAccountLedger.amount,
      balance_after: companyAccountLedger.balanceAfter,
      pay_method: payments.payMethod,
      settlement_no: settlements.settlementNo,
      note: companyAccountLedger.note,
      operator_name: users.userName,
      created_at: companyAccountLedger.createdAt,
    })
    .from(companyAccountLedger)
    .leftJoin(payments, eq(payments.id, companyAccountLedger.paymentId))
    .leftJoin(settlements, eq(settlements.id, companyAccountLedger.settlementId))
    .leftJoin(users, eq(users.id, companyAccountLedger.operatorId))
    .where(eq(companyAccountLedger.accountId, accountId))
    .orderBy(asc(companyAccountLedger.id));
  return rows.map((r) => ({
    ...r,
    kind: r.kind as CompanyLedgerKind,
    amount: moneyText(toFen(r.amount)),
    balance_after: moneyText(toFen(r.balance_after)),
    created_at: r.created_at.toISOString(),
  }));
}
