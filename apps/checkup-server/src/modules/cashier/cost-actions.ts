import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import {
  AppError,
  CASHIER_MESSAGES,
  fenText,
  moneyText,
  PAY_METHOD_NAMES,
  toFen,
  UNION_EXEC,
  type costCollectRoute,
  type costRefundRoute,
  type costReverseRoute,
  type costSplitRoute,
  type PaymentKind,
  type RouteOutput,
  type UserInfo,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { auditLog, orderDepts, orderUnions, payments, unions, users } from '../../db/schema.js';
import type { Tx } from '../../lib/resource/serve-resource.js';
import { todayCst } from '../../lib/hospital-day.js';
import { recordAudit } from '../audit/repository.js';
import type { PasswordKeys } from '../auth/keys.js';
import { DUMMY_HASH, verifyPassword } from '../auth/password.js';
import { drawFromCard, NOT_CHARGED, returnToCard, visitDueFen } from '../exam-card/card-pay.js';
import { deskBranchId } from '../system-register/desk-branch.js';
import {
  lockVisit,
  moneySnapshot,
  payMethodRule,
  settleChargedMarks,
  writeHistory,
  type MoneySnapshot,
} from './money-state.js';

type In<R extends { input: z.ZodType }> = z.output<R['input']>;
const actor = (user: UserInfo) => ({ userId: user.id, userAccount: user.user_account });
const yuan = (fen: number) => moneyText(fen);
const methodName = (method: string) => PAY_METHOD_NAMES[method as keyof typeof PAY_METHOD_NAMES] ?? method;
const refuse = (message: string): never => {
  throw new AppError('VALIDATION', message);
};

export interface CashierDeps {
  keys: PasswordKeys;
}

/** The visit's 自费 lines still to be paid: not charged, not returned, not given up. */
async function unpaidLines(tx: Tx, orderId: string) {
  return tx
    .select({ unionId: orderUnions.unionId, name: unions.unionName, price: orderUnions.price })
    .from(orderUnions)
    .innerJoin(unions, eq(unions.id, orderUnions.unionId))
    .where(
      and(
        eq(orderUnions.orderId, orderId),
        eq(orderUnions.payMode, 'self'),
        eq(orderUnions.feeCharged, false),
        isNull(orderUnions.returnedAt),
        notInArray(orderUnions.status, NOT_CHARGED),
      ),
    );
}

/**
 * 收款: the chosen unpaid 自费 lines (all when none is named) are paid by one or more methods whose
 * sum is what they owe (less money taken earlier without lines, e.g. a partial 卡支付). Card lines
 * draw on the card's ledger. One transaction under the visit's row lock.
 */
export async function collect(
  db: Db,
  input: In<typeof costCollectRoute>,
  user: UserInfo,
  request: FastifyRequest,
): Promise<RouteOutput<typeof costCollectRoute>> {
  return db.transaction(async (tx) => {
    await lockVisit(tx, input.order_id);
    const before = await moneySnapshot(tx, input.order_id);
    const open = await unpaidLines(tx, input.order_id);
    const chosen = input.union_ids ? open.filter((l) => input.union_ids!.includes(l.unionId)) : open;
    if (chosen.length === 0 || (input.union_ids && chosen.length !== input.union_ids.length)) {
      refuse(CASHIER_MESSAGES.alreadyPaid);
    }
    const openFen = open.reduce((s, l) => s + toFen(l.price), 0);
    const creditFen = Math.max(0, openFen - before.dueFen);
    const dueFen = Math.max(0, chosen.reduce((s, l) => s + toFen(l.price), 0) - creditFen);
    if (input.payments.some((p) => p.amount === 0)) refuse(CASHIER_MESSAGES.zero);
    const paidFen = input.payments.reduce((s, p) => s + p.amount, 0);
    if (paidFen !== dueFen) refuse(CASHIER_MESSAGES.mismatch(yuan(paidFen), yuan(dueFen)));

    const branchId = await deskBranchId(tx, user.id);
    const ids: number[] = [];
    let leftFen = before.dueFen;
    for (const p of input.payments) {
      let cardId: number | null = null;
      if (p.method === 'exam_card') {
        if (!p.card_no) refuse('请填写体检卡号');
        const { card } = await drawFromCard(tx, {
          cardNo: p.card_no!,
          password: p.card_password || undefined,
          amountFen: p.amount,
          dueFen: leftFen,
          orderId: input.order_id,
          operatorId: user.id,
        });
        cardId = card.id;
      }
      leftFen -= p.amount;
      const [line] = await tx
        .insert(payments)
        .values({
          orderId: input.order_id,
          cardId,
          purpose: 'visit',
          kind: 'charge',
          amount: moneyText(p.amount),
          payMethod: p.method,
          tradeNo: p.trade_no || null,
          operatorId: user.id,
          branchId,
        })
        .returning({ id: payments.id });
      ids.push(line!.id);
    }
    await tx
      .update(orderUnions)
      .set({ feeCharged: true })
      .where(
        and(
          eq(orderUnions.orderId, input.order_id),
          inArray(
            orderUnions.unionId,
            chosen.map((l) => l.unionId),
          ),
        ),
      );
    const methods = input.payments.map((p) => `${methodName(p.method)}¥${yuan(p.amount)}`).join('、');
    await writeHistory(tx, {
      orderId: input.order_id,
      paymentId: ids[0],
      action: '收费',
      before,
      detail: `收款 ${methods}；项目：${chosen.map((l) => l.name).join('、')}`,
      operatorId: user.id,
    });
    await recordAudit(tx, request, 'cost_collect', {
      ...actor(user),
      target: input.order_id,
      detail: { amount: yuan(paidFen), payments: ids, union_ids: chosen.map((l) => l.unionId) },
    });
    return { paid: yuan(paidFen), due: yuan(await visitDueFen(tx, input.order_id)), payment_ids: ids };
  });
}

/** A visit's charge line, with what of it is left to give back (its refunds and reversals are negative). */
async function chargeLine(tx: Tx, paymentId: number) {
  const [line] = await tx.select().from(payments).where(eq(payments.id, paymentId));
  if (!line || line.purpose !== 'visit' || !line.orderId) throw new AppError('RECORD_NOT_FOUND', '该收费记录不存在');
  await lockVisit(tx, line.orderId);
  const [back] = await tx
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
    .from(payments)
    .where(eq(payments.refundOf, paymentId));
  return {
    line,
    orderId: line.orderId,
    leftFen: toFen(line.amount) + toFen(back!.total),
    touched: toFen(back!.total) !== 0,
  };
}

/** A negative line giving back (part of) a charge line; to the card when the card paid it. */
async function giveBack(
  tx: Tx,
  original: typeof payments.$inferSelect,
  back: { kind: PaymentKind; amountFen: number; note: string; operatorId: number; branchId: number | null },
) {
  if (original.payMethod === 'exam_card' && original.cardId) {
    await returnToCard(tx, {
      cardId: original.cardId,
      amountFen: back.amountFen,
      orderId: original.orderId!,
      operatorId: back.operatorId,
      note: back.note,
    });
  }
  const [line] = await tx
    .insert(payments)
    .values({
      orderId: original.orderId,
      cardId: original.cardId,
      purpose: 'visit',
      kind: back.kind,
      refundOf: original.id,
      amount: moneyText(-back.amountFen),
      payMethod: original.payMethod,
      totalCharge: original.totalCharge,
      note: back.note,
      operatorId: back.operatorId,
      branchId: back.branchId,
    })
    .returning({ id: payments.id });
  return line!.id;
}

/**
 * 拆分: an open (not day-ended) charge line paid in two methods — a reversal of it and two new
 * charge lines in one transaction; payments are append-only, so nothing is edited.
 */
export async function split(
  db: Db,
  input: In<typeof costSplitRoute>,
  user: UserInfo,
  request: FastifyRequest,
): Promise<RouteOutput<typeof costSplitRoute>> {
  return db.transaction(async (tx) => {
    const { line, orderId, touched } = await chargeLine(tx, input.payment_id);
    if (line.kind !== 'charge') refuse('只有收费记录可以拆分');
    if (line.dayEndId !== null) refuse('该收费记录已日结，不能拆分');
    if (line.payMethod === 'exam_card') refuse('体检卡支付的收费不能拆分');
    if (touched) refuse('该收费记录已退费或冲正，不能拆分');
    if (input.first_amount === 0 || input.second_amount === 0) refuse(CASHIER_MESSAGES.zero);
    const totalFen = toFen(line.amount);
    if (input.first_amount + input.second_amount !== totalFen) {
      refuse(`拆分金额合计¥${yuan(input.first_amount + input.second_amount)}与原收费¥${yuan(totalFen)}不一致`);
    }
    const before = await moneySnapshot(tx, orderId);
    const branchId = await deskBranchId(tx, user.id);
    const reversal = await giveBack(tx, line, {
      kind: 'reversal',
      amountFen: totalFen,
      note: '拆分冲正',
      operatorId: user.id,
      branchId,
    });
    const parts = await tx
      .insert(payments)
      .values(
        [
          [input.first_method, input.first_amount],
          [input.second_method, input.second_amount],
        ].map(([method, fen]) => ({
          orderId,
          purpose: 'visit',
          kind: 'charge',
          amount: moneyText(fen as number),
          payMethod: method as string,
          note: `拆分自收费记录${line.id}`,
          operatorId: user.id,
          branchId,
        })),
      )
      .returning({ id: payments.id });
    const ids = [reversal, ...parts.map((p) => p.id)];
    await writeHistory(tx, {
      orderId,
      paymentId: line.id,
      action: '拆分',
      before,
      detail: `收费记录${line.id}（${methodName(line.payMethod)}¥${line.amount}）拆分为${methodName(input.first_method)}¥${yuan(input.first_amount)}、${methodName(input.second_method)}¥${yuan(input.second_amount)}`,
      operatorId: user.id,
    });
    await recordAudit(tx, request, 'cost_split', {
      ...actor(user),
      target: orderId,
      detail: { payment_id: line.id, ids },
    });
    return { payment_ids: ids };
  });
}

/** A leader's account and password (encrypted as at login) confirming on the spot; the refusal is audited apart. */
class LeaderRefusal extends AppError {
  constructor(
    message: string,
    readonly audit: { action: string; detail: Record<string, unknown> },
  ) {
    super('VALIDATION', message);
  }
}

async function confirmLeader(tx: Tx, keys: PasswordKeys, account: string, encrypted: string, detail: object) {
  const [found] = await tx.select().from(users).where(eq(users.userAccount, account)).limit(1);
  const password = keys.decrypt(encrypted);
  const matches = await verifyPassword(password ?? '', found?.passwordHash ?? DUMMY_HASH);
  if (!found || !matches || password === null) {
    throw new LeaderRefusal('领导账号或密码错误', {
      action: 'cost_refund_leader_failed',
      detail: { ...detail, leader_account: account },
    });
  }
  if (!found.isLeader || found.status !== '1') {
    throw new LeaderRefusal(`账号「${found.userAccount}」不是领导，不能授权退项`, {
      action: 'cost_refund_leader_failed',
      detail: { ...detail, leader_account: account },
    });
  }
  return { id: found.id, account: found.userAccount, name: found.userName };
}

/**
 * 退项/退费: the chosen lines are returned (not examined, not charged: 弃检 for the worklists) and
 * their paid money given back as refund lines of the charge lines the cashier chose, each within
 * what is left of it and its method's refund limit; a card line goes back to the card. An examined
 * line needs a leader's account and password on the spot, audited with both names.
 */
export async function refund(
  db: Db,
  deps: CashierDeps,
  input: In<typeof costRefundRoute>,
  user: UserInfo,
  request: FastifyRequest,
): Promise<RouteOutput<typeof costRefundRoute>> {
  try {
    return await db.transaction((tx) => refundIn(tx, deps, input, user, request));
  } catch (err) {
    if (err instanceof LeaderRefusal) {
      await db.insert(auditLog).values({
        action: err.audit.action,
        ...actor(user),
        target: input.order_id,
        detail: err.audit.detail,
        ip: request.ip,
      });
    }
    throw err;
  }
}

async function refundIn(
  tx: Tx,
  deps: CashierDeps,
  input: In<typeof costRefundRoute>,
  user: UserInfo,
  request: FastifyRequest,
): Promise<RouteOutput<typeof costRefundRoute>> {
  const orderId = input.order_id;
  await lockVisit(tx, orderId);
  const lines = await tx
    .select({
      unionId: orderUnions.unionId,
      name: unions.unionName,
      price: orderUnions.price,
      payMode: orderUnions.payMode,
      feeCharged: orderUnions.feeCharged,
      status: orderUnions.status,
      returnedAt: orderUnions.returnedAt,
      deptStatus: orderDepts.status,
    })
    .from(orderUnions)
    .innerJoin(unions, eq(unions.id, orderUnions.unionId))
    .leftJoin(orderDepts, and(eq(orderDepts.orderId, orderUnions.orderId), eq(orderDepts.deptId, orderUnions.deptId)))
    .where(and(eq(orderUnions.orderId, orderId), inArray(orderUnions.unionId, input.union_ids)));
  if (lines.length !== input.union_ids.length) throw new AppError('RECORD_NOT_FOUND', '所选项目不属于该体检');
  const returned = lines.filter((l) => l.returnedAt !== null);
  if (returned.length > 0) refuse(`项目「${returned.map((l) => l.name).join('、')}」已退项，请勿重复操作`);

  const examined = lines.filter((l) => l.status === UNION_EXEC.done || l.deptStatus === '1' || l.deptStatus === '2');
  let leader: { id: number; account: string; name: string } | null = null;
  if (examined.length > 0) {
    const names = examined.map((l) => l.name).join('、');
    if (!input.leader_account || !input.leader_password) refuse(CASHIER_MESSAGES.examined(names));
    leader = await confirmLeader(tx, deps.keys, input.leader_account!, input.leader_password!, {
      union_ids: examined.map((l) => l.unionId),
    });
  }

  const owedBackFen = lines
    .filter((l) => l.payMode === 'self' && l.feeCharged && !NOT_CHARGED.includes(l.status as '2'))
    .reduce((s, l) => s + toFen(l.price), 0);
  const refunds = input.refunds ?? [];
  if (refunds.some((r) => r.amount === 0)) refuse(CASHIER_MESSAGES.zero);
  const backFen = refunds.reduce((s, r) => s + r.amount, 0);
  if (backFen !== owedBackFen) refuse(`退款合计¥${yuan(backFen)}与应退¥${yuan(owedBackFen)}不一致`);

  const before = await moneySnapshot(tx, orderId);
  const branchId = await deskBranchId(tx, user.id);
  const ids: number[] = [];
  for (const r of refunds) {
    const { line, orderId: of, leftFen } = await chargeLine(tx, r.payment_id);
    if (of !== orderId || line.kind !== 'charge') refuse('退款只能退回该体检的收费记录');
    if (line.payMethod === 'company') refuse('单位结算的收费不能退给个人');
    if (r.amount > leftFen) refuse(`退款金额¥${yuan(r.amount)}超过该收费记录可退金额¥${yuan(leftFen)}`);
    const rule = await payMethodRule(tx, line.payMethod);
    if (rule.refundLimitFen !== null && r.amount > rule.refundLimitFen) refuse(CASHIER_MESSAGES.overLimit);
    ids.push(
      await giveBack(tx, line, {
        kind: 'refund',
        amountFen: r.amount,
        note: `退项：${input.reason}`,
        operatorId: user.id,
        branchId,
      }),
    );
  }
  await tx
    .update(orderUnions)
    .set({
      returnedAt: new Date(),
      returnedBy: user.id,
      returnReason: input.reason,
      // Not examined any more: the worklists, the entry and the exit treat it as 弃检 (MUST_BE_RECORDED).
      status: UNION_EXEC.waived,
      execBy: user.id,
      execAt: new Date(),
      execReason: `退项：${input.reason}`,
    })
    .where(and(eq(orderUnions.orderId, orderId), inArray(orderUnions.unionId, input.union_ids)));
  const detail = `退项：${lines.map((l) => l.name).join('、')}；原因：${input.reason}${
    backFen > 0 ? `；退款¥${yuan(backFen)}` : ''
  }${leader ? `；领导授权：${leader.name}（${leader.account}）` : ''}`;
  await writeHistory(tx, {
    orderId,
    paymentId: ids[0],
    action: backFen > 0 ? '退费' : '退项',
    before,
    detail,
    operatorId: user.id,
  });
  await recordAudit(tx, request, 'cost_refund', {
    ...actor(user),
    target: orderId,
    detail: {
      union_ids: input.union_ids,
      reason: input.reason,
      refunded: yuan(backFen),
      payments: ids,
      ...(leader ? { leader_id: leader.id, leader_account: leader.account, leader_name: leader.name } : {}),
    },
  });
  return { refunded: fenText(backFen), payment_ids: ids };
}

/**
 * 误操作退款: a charge of today given back whole. While the line is open it is reversed (冲正); once
 * the cashier's day-end closed it, the same action writes a refund line, which the next day-end takes.
 */
export async function reverse(
  db: Db,
  input: In<typeof costReverseRoute>,
  user: UserInfo,
  request: FastifyRequest,
): Promise<RouteOutput<typeof costReverseRoute>> {
  return db.transaction(async (tx) => {
    const { line, orderId, touched } = await chargeLine(tx, input.payment_id);
    if (line.kind !== 'charge') refuse('只有收费记录可以误操作退款');
    if (todayCst(line.paidAt) !== todayCst()) refuse('只能对当天的收费做误操作退款');
    const rule = await payMethodRule(tx, line.payMethod);
    if (!rule.flags.includes('mistake_refund')) refuse(CASHIER_MESSAGES.noMistake);
    if (touched) refuse('该收费记录已退费或冲正，请勿重复操作');
    const before: MoneySnapshot = await moneySnapshot(tx, orderId);
    const kind: PaymentKind = line.dayEndId === null ? 'reversal' : 'refund';
    const id = await giveBack(tx, line, {
      kind,
      amountFen: toFen(line.amount),
      note: `误操作退款：${input.reason}`,
      operatorId: user.id,
      branchId: await deskBranchId(tx, user.id),
    });
    await settleChargedMarks(tx, orderId);
    await writeHistory(tx, {
      orderId,
      paymentId: id,
      action: kind === 'reversal' ? '冲正' : '退费',
      before,
      detail: `误操作退款：收费记录${line.id}（${methodName(line.payMethod)}¥${line.amount}）${
        kind === 'reversal' ? '冲正' : '已日结，计入下次日结的退费'
      }；原因：${input.reason}`,
      operatorId: user.id,
    });
    await recordAudit(tx, request, 'cost_reverse', {
      ...actor(user),
      target: orderId,
      detail: { payment_id: line.id, kind, reason: input.reason },
    });
    return { payment_id: id, kind };
  });
}
