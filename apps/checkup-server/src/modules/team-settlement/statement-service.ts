import type { FastifyRequest } from 'fastify';
import { and, asc, desc, eq, inArray, isNull, like, ne, or, sql } from 'drizzle-orm';
import {
  AppError,
  DEDUCT_MODE_LABELS,
  moneyText,
  toFen,
  WAIVE_MODE_LABELS,
  type SettlementState,
  type statementAuditRoute,
  type statementCreateRoute,
  type statementDeductRoute,
  type statementFeeAddRoute,
  type statementFeeRemoveRoute,
  type UserInfo,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  companyGroups,
  groupOrders,
  groupPersons,
  orderUnions,
  orders,
  settlementFees,
  settlementLines,
  settlements,
} from '../../db/schema.js';
import { todayCst } from '../../lib/hospital-day.js';
import type { Tx } from '../../lib/resource/serve-resource.js';
import { recordAudit } from '../audit/repository.js';
import { assertVersion, yuan } from './advance-account.js';
import { FINISHED_STATUSES, splitByCap, spreadDeduction, takesLine } from './statement-math.js';
import { statementRow } from './statement-rows.js';

type In<R extends { input: z.ZodType }> = z.output<R['input']>;
export const actor = (user: UserInfo) => ({ userId: user.id, userAccount: user.user_account });

/** JS + the hospital day + a 4-digit number of the day. */
async function nextSettlementNo(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('settlement_no'))`);
  const prefix = `JS${todayCst().replaceAll('-', '')}`;
  const [last] = await tx
    .select({ no: settlements.settlementNo })
    .from(settlements)
    .where(like(settlements.settlementNo, `${prefix}____`))
    .orderBy(desc(settlements.settlementNo))
    .limit(1);
  const next = last ? Number(last.no.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(next).padStart(4, '0')}`;
}

/** An approved group order under its row lock: statements of one order are made one at a time. */
export async function lockApprovedOrder(tx: Tx, groupOrderId: number) {
  const [order] = await tx
    .select({ id: groupOrders.id, approvalState: groupOrders.approvalState, companyId: groupOrders.companyId })
    .from(groupOrders)
    .where(eq(groupOrders.id, groupOrderId))
    .for('update');
  if (!order) throw new AppError('RECORD_NOT_FOUND', '该团检订单不存在');
  if (order.approvalState !== 'approved') throw new AppError('ILLEGAL_TRANSITION', '只有审核通过的团检订单可以结算');
  return order;
}

/**
 * The lines a new statement takes (§11.2(c)1–3): people finished (or, pre-settling, registered and
 * not 禁检), their company-paid lines not returned and in no live statement, filtered by the 含弃检
 * mode, split by the person's 统收限额 (what the cap leaves over is the person's).
 */
async function eligibleLines(
  tx: Tx,
  groupOrderId: number,
  preSettle: boolean,
  mode: In<typeof statementCreateRoute>['waive_mode'],
) {
  const people = await tx
    .select({ orderId: orders.orderId, status: orders.status, cap: groupPersons.priceLimit })
    .from(orders)
    // A visit belongs to the order by its list row (预登记), or by its group when registered at the desk.
    .leftJoin(groupPersons, eq(groupPersons.orderId, orders.orderId))
    .leftJoin(companyGroups, eq(companyGroups.id, orders.groupId))
    .where(
      and(
        or(eq(groupPersons.groupOrderId, groupOrderId), eq(companyGroups.groupOrderId, groupOrderId)),
        preSettle ? ne(orders.status, 'prepared') : inArray(orders.status, [...FINISHED_STATUSES]),
      ),
    )
    .orderBy(asc(orders.orderId));
  if (people.length === 0) return [];
  const lines = await tx
    .select({
      orderId: orderUnions.orderId,
      unionId: orderUnions.unionId,
      price: orderUnions.price,
      exec: orderUnions.status,
      taken: settlementLines.id,
    })
    .from(orderUnions)
    .leftJoin(
      settlementLines,
      and(
        eq(settlementLines.orderId, orderUnions.orderId),
        eq(settlementLines.unionId, orderUnions.unionId),
        eq(settlementLines.live, true),
      ),
    )
    .where(
      and(
        inArray(
          orderUnions.orderId,
          people.map((p) => p.orderId),
        ),
        eq(orderUnions.payMode, 'company'),
        isNull(orderUnions.returnedAt),
      ),
    )
    .orderBy(asc(orderUnions.orderId), asc(orderUnions.unionId));
  return people.flatMap((person) => {
    const mine = lines
      .filter((l) => l.orderId === person.orderId && l.taken === null && takesLine(mode, l.exec))
      .map((l) => ({ orderId: l.orderId, unionId: l.unionId, priceFen: toFen(l.price) }));
    return splitByCap(mine, person.cap === null ? null : toFen(person.cap));
  });
}

/** The statement's totals again from its lines and fees (§11.2(c)4). */
export async function refreshTotals(tx: Tx, id: number, operatorId: number) {
  const [sums] = await tx
    .select({
      persons: sql<number>`count(distinct ${settlementLines.orderId})::int`,
      receivable: sql<string>`coalesce(sum(${settlementLines.price} - ${settlementLines.personalPay}), 0)::text`,
      settle: sql<string>`coalesce(sum(${settlementLines.accCharge}), 0)::text`,
      deduction: sql<string>`coalesce(sum(${settlementLines.decCharges}), 0)::text`,
    })
    .from(settlementLines)
    .where(eq(settlementLines.settlementId, id));
  const [fees] = await tx
    .select({ total: sql<string>`coalesce(sum(${settlementFees.amount}), 0)::text` })
    .from(settlementFees)
    .where(eq(settlementFees.settlementId, id));
  const settleFen = toFen(sums!.settle);
  const feeFen = toFen(fees!.total);
  const deductionFen = toFen(sums!.deduction);
  await tx
    .update(settlements)
    .set({
      personCount: sums!.persons,
      receivable: moneyText(toFen(sums!.receivable)),
      settleAmount: moneyText(settleFen),
      deduction: moneyText(deductionFen),
      feeTotal: moneyText(feeFen),
      netAmount: moneyText(settleFen + feeFen - deductionFen),
      version: sql`${settlements.version} + 1`,
      updatedAt: sql`now()`,
      updatedBy: operatorId,
    })
    .where(eq(settlements.id, id));
}

/** 新建结算单 (§3.6): refused when nothing is left to settle. */
export async function createStatement(
  db: Db,
  input: In<typeof statementCreateRoute>,
  user: UserInfo,
  request: FastifyRequest,
) {
  return db.transaction(async (tx) => {
    await lockApprovedOrder(tx, input.group_order_id);
    const lines = await eligibleLines(tx, input.group_order_id, input.pre_settle, input.waive_mode);
    if (lines.length === 0) {
      throw new AppError(
        'VALIDATION',
        input.pre_settle
          ? '没有可结算的统收项目（已登记人员的项目均已结算）'
          : '没有可结算的统收项目（须总检完成，或勾选预结算）',
      );
    }
    const [made] = await tx
      .insert(settlements)
      .values({
        settlementNo: await nextSettlementNo(tx),
        groupOrderId: input.group_order_id,
        preSettle: input.pre_settle,
        waiveMode: input.waive_mode,
        createdBy: user.id,
      })
      .returning({ id: settlements.id, no: settlements.settlementNo });
    await tx.insert(settlementLines).values(
      lines.map((l) => ({
        settlementId: made!.id,
        orderId: l.orderId,
        unionId: l.unionId,
        price: moneyText(l.priceFen),
        accCharge: moneyText(l.accFen),
        personalPay: moneyText(l.personalFen),
      })),
    );
    await refreshTotals(tx, made!.id, user.id);
    await recordAudit(tx, request, 'team_settlement_create', {
      ...actor(user),
      target: made!.no,
      detail: {
        group_order_id: input.group_order_id,
        pre_settle: input.pre_settle,
        mode: WAIVE_MODE_LABELS[input.waive_mode],
        lines: lines.length,
      },
    });
    return statementRow(tx, made!.id);
  });
}

/** A statement under its row lock, at the version the user saw. */
export async function lockStatement(tx: Tx, id: number, version: number) {
  const [row] = await tx
    .select({
      id: settlements.id,
      no: settlements.settlementNo,
      groupOrderId: settlements.groupOrderId,
      state: settlements.state,
      version: settlements.version,
      netAmount: settlements.netAmount,
      checkoutAmount: settlements.checkoutAmount,
    })
    .from(settlements)
    .where(eq(settlements.id, id))
    .for('update');
  if (!row) throw new AppError('RECORD_NOT_FOUND', '该结算单不存在');
  assertVersion(row.version, version);
  return { ...row, state: row.state as SettlementState };
}

function assertDraft(state: SettlementState, doing: string) {
  if (state !== '草稿') throw new AppError('ILLEGAL_TRANSITION', `结算单${state}，不能${doing}`);
}

/** 附加费用: added or removed until the statement is audited. */
export async function addFee(db: Db, input: In<typeof statementFeeAddRoute>, user: UserInfo, request: FastifyRequest) {
  return db.transaction(async (tx) => {
    const st = await lockStatement(tx, input.id, input.version);
    assertDraft(st.state, '修改附加费用');
    await tx
      .insert(settlementFees)
      .values({ settlementId: st.id, feeName: input.fee_name, amount: moneyText(input.amount), createdBy: user.id });
    await refreshTotals(tx, st.id, user.id);
    await recordAudit(tx, request, 'team_settlement_fee_add', {
      ...actor(user),
      target: st.no,
      detail: { fee_name: input.fee_name, amount: moneyText(input.amount) },
    });
    return statementRow(tx, st.id);
  });
}

export async function removeFee(
  db: Db,
  input: In<typeof statementFeeRemoveRoute>,
  user: UserInfo,
  request: FastifyRequest,
) {
  return db.transaction(async (tx) => {
    const st = await lockStatement(tx, input.id, input.version);
    assertDraft(st.state, '修改附加费用');
    const [gone] = await tx
      .delete(settlementFees)
      .where(and(eq(settlementFees.id, input.fee_id), eq(settlementFees.settlementId, st.id)))
      .returning({ name: settlementFees.feeName, amount: settlementFees.amount });
    if (!gone) throw new AppError('RECORD_NOT_FOUND', '该附加费用不存在');
    await refreshTotals(tx, st.id, user.id);
    await recordAudit(tx, request, 'team_settlement_fee_remove', {
      ...actor(user),
      target: st.no,
      detail: { fee_name: gone.name, amount: gone.amount },
    });
    return statementRow(tx, st.id);
  });
}

/**
 * 减免 (§11.2(c)5): replaces the statement's deduction, spread over its lines by the mode; a line
 * never takes more than its acc_charge. Refused when D cannot be used up (more than there is to take).
 */
export async function deduct(db: Db, input: In<typeof statementDeductRoute>, user: UserInfo, request: FastifyRequest) {
  return db.transaction(async (tx) => {
    const st = await lockStatement(tx, input.id, input.version);
    assertDraft(st.state, '减免');
    const lines = await tx
      .select({ id: settlementLines.id, orderId: settlementLines.orderId, acc: settlementLines.accCharge })
      .from(settlementLines)
      .where(eq(settlementLines.settlementId, st.id))
      .orderBy(asc(settlementLines.orderId), asc(settlementLines.unionId));
    const deductible = lines.map((l) => ({ orderId: l.orderId, accFen: toFen(l.acc) }));
    const totalFen = deductible.reduce((s, l) => s + l.accFen, 0);
    if (input.mode === 'ratio' && input.amount > totalFen) {
      throw new AppError('VALIDATION', `减免金额${yuan(input.amount)}不能超过结算金额${yuan(totalFen)}`);
    }
    const shares = spreadDeduction(deductible, input.mode, input.amount);
    const usedFen = shares.reduce((s, v) => s + v, 0);
    for (const [i, line] of lines.entries()) {
      await tx
        .update(settlementLines)
        .set({ decCharges: moneyText(shares[i]!) })
        .where(eq(settlementLines.id, line.id));
    }
    await refreshTotals(tx, st.id, user.id);
    await recordAudit(tx, request, 'team_settlement_deduct', {
      ...actor(user),
      target: st.no,
      detail: { mode: DEDUCT_MODE_LABELS[input.mode], amount: moneyText(input.amount), used: moneyText(usedFen) },
    });
    return statementRow(tx, st.id);
  });
}

/** 审核 (草稿 → 已审核) and 反审核 (已审核 → 草稿, not once checked out). */
export async function auditStatement(
  db: Db,
  input: In<typeof statementAuditRoute>,
  user: UserInfo,
  request: FastifyRequest,
) {
  return db.transaction(async (tx) => {
    const st = await lockStatement(tx, input.id, input.version);
    const auditing = input.audit === '1';
    if (auditing && st.state !== '草稿') throw new AppError('ILLEGAL_TRANSITION', `结算单${st.state}，不能审核`);
    if (!auditing && st.state !== '已审核') {
      throw new AppError(
        'ILLEGAL_TRANSITION',
        st.state === '已结账' ? '结算单已结账，请先反结账' : `结算单${st.state}，不能反审核`,
      );
    }
    await tx
      .update(settlements)
      .set({
        state: auditing ? '已审核' : '草稿',
        auditedBy: auditing ? user.id : null,
        auditedAt: auditing ? sql`now()` : null,
        version: sql`${settlements.version} + 1`,
        updatedAt: sql`now()`,
        updatedBy: user.id,
      })
      .where(eq(settlements.id, st.id));
    await recordAudit(tx, request, auditing ? 'team_settlement_audit' : 'team_settlement_unaudit', {
      ...actor(user),
      target: st.no,
    });
    return statementRow(tx, st.id);
  });
}

/** 作废 a draft: its lines leave every live statement and may be settled again. */
export async function voidStatement(
  db: Db,
  input: { id: number; version: number },
  user: UserInfo,
  request: FastifyRequest,
) {
  return db.transaction(async (tx) => {
    const st = await lockStatement(tx, input.id, input.version);
    assertDraft(st.state, '作废');
    await tx.update(settlementLines).set({ live: false }).where(eq(settlementLines.settlementId, st.id));
    await tx
      .update(settlements)
      .set({ state: '已作废', version: sql`${settlements.version} + 1`, updatedAt: sql`now()`, updatedBy: user.id })
      .where(eq(settlements.id, st.id));
    await recordAudit(tx, request, 'team_settlement_void', { ...actor(user), target: st.no });
    return statementRow(tx, st.id);
  });
}
