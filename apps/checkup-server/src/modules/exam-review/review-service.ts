import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  AppError,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  REVIEW_STEP_RULES,
  isOrderStatus,
  reviewStepOf,
  statusAfterPass,
  type OrderStatus,
  type ReviewStep,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { orderDepts, orders, reviews } from '../../db/schema.js';
import { assertNotLockedByOther } from '../locks/record-locks.js';
import { changeOrderStatus, returnOrderToPreviousReview } from '../orders/order-status-service.js';
import { assertNotBanned } from '../orders/order-ban.js';
import { hasOpenReviewException } from './review-detail-repository.js';
import { latestPass, markLevelStarted } from './review-level-starts.js';
import { assertMayEnterTotalCheck } from './total-check-gate.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const reviewLock = (orderId: string) => ({ type: 'exam_review' as const, key: orderId });

/** The visit's status, refused unless it waits for a review step (for `step`, when given). */
export async function statusForReview(tx: Tx, orderId: string, step?: ReviewStep): Promise<OrderStatus> {
  const [row] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.orderId, orderId))
    .for('update');
  if (!row || !isOrderStatus(row.status)) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
  const current = reviewStepOf(row.status);
  if (current === null) {
    throw new AppError('ILLEGAL_TRANSITION', `订单当前状态为「${ORDER_STATUS_LABELS[row.status]}」，不在总检审核中`);
  }
  if (step && current !== step) {
    throw new AppError(
      'ILLEGAL_TRANSITION',
      `该订单当前待${REVIEW_STEP_RULES[current].label}，不能${REVIEW_STEP_RULES[step].label}，请刷新后重试`,
    );
  }
  return row.status;
}

export interface ConclusionInput {
  orderId: string;
  conclusion: string;
  advice: string;
}

async function writeConclusion(tx: Tx, q: ConclusionInput) {
  await tx
    .update(orders)
    .set({ conclusion: q.conclusion, advice: q.advice, updatedAt: sql`now()` })
    .where(eq(orders.orderId, q.orderId));
}

/**
 * review_save: the overall conclusion and advice, by the lock holder (or anyone while unlocked).
 * At 初审 the 总检 entry gate applies (issue 20); the save marks the level as started.
 */
export async function saveConclusion(db: Db, q: ConclusionInput, user: UserInfo) {
  await assertNotLockedByOther(db, reviewLock(q.orderId), user.id);
  await db.transaction(async (tx) => {
    await assertNotBanned(tx, q.orderId);
    const step = reviewStepOf(await statusForReview(tx, q.orderId))!;
    if (step === 'first') await assertMayEnterTotalCheck(tx, q.orderId);
    await writeConclusion(tx, q);
    await markLevelStarted(tx, q.orderId, step, user, 'save');
  });
}

/**
 * A second pass of a level already passed (a double click, two tabs, a retried call) is refused
 * with who passed it, and writes nothing (issue 20). Locks the visit's row first, so of two passes
 * at once the second waits and then reads the first's result.
 */
async function refuseRepeatedPass(tx: Tx, orderId: string, step: ReviewStep) {
  const [row] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.orderId, orderId))
    .for('update');
  if (!row || !isOrderStatus(row.status)) return;
  if (ORDER_STATUSES.indexOf(row.status) < ORDER_STATUSES.indexOf(statusAfterPass(step))) return;
  const passed = await latestPass(tx, orderId, step);
  if (passed) {
    throw new AppError(
      'ILLEGAL_TRANSITION',
      `该订单的${REVIEW_STEP_RULES[step].label}已由${passed.reviewerName}通过，请勿重复提交`,
    );
  }
}

/**
 * review_pass: saves the conclusion and moves the visit on (初审 → 主审 → 终审 → printable), with a
 * reviews row. A visit without a conclusion, or with an unhandled chief-examination exception, is refused.
 */
export async function passReview(db: Db, q: ConclusionInput & { step: ReviewStep }, user: UserInfo, ip: string) {
  await assertNotLockedByOther(db, reviewLock(q.orderId), user.id);
  if (!q.conclusion.trim()) throw new AppError('VALIDATION', '请先填写总检结论');
  return db.transaction(async (tx) => {
    await assertNotBanned(tx, q.orderId);
    await refuseRepeatedPass(tx, q.orderId, q.step);
    await statusForReview(tx, q.orderId, q.step);
    // The 总检 entry gate (issue 20), at every level: a line reopened meanwhile stops the later ones too.
    await assertMayEnterTotalCheck(tx, q.orderId);
    if (await hasOpenReviewException(tx, q.orderId)) {
      throw new AppError('ILLEGAL_TRANSITION', '该订单有未处理的总检异常，请先处理异常再审核通过');
    }
    await writeConclusion(tx, q);
    const moved = await changeOrderStatus(tx, {
      orderId: q.orderId,
      action: REVIEW_STEP_RULES[q.step].pass,
      userId: user.id,
      userAccount: user.user_account,
      ip,
    });
    await tx.insert(reviews).values({
      orderId: q.orderId,
      step: q.step,
      result: 'pass',
      reviewerId: user.id,
      reviewerName: user.user_name,
    });
    return moved.to;
  });
}

export interface ReturnInput {
  orderId: string;
  step: ReviewStep;
  target: 'previous' | 'depts';
  reason: string;
  deptIds?: number[];
}

/**
 * review_return: back to the previous step, or to the departments — whose chosen departments are
 * reopened for the doctors (unsigned, results kept). A reviews row keeps the reason. One transaction.
 */
export async function returnReview(db: Db, q: ReturnInput, user: UserInfo, ip: string) {
  await assertNotLockedByOther(db, reviewLock(q.orderId), user.id);
  const toDepts = q.target === 'depts' || REVIEW_STEP_RULES[q.step].previous === null;
  const deptIds = [...new Set(q.deptIds ?? [])];
  if (toDepts && deptIds.length === 0) throw new AppError('VALIDATION', '请选择要退回的科室');
  return db.transaction(async (tx) => {
    const from = await statusForReview(tx, q.orderId, q.step);
    const change = { orderId: q.orderId, userId: user.id, userAccount: user.user_account, reason: q.reason, ip };
    let to: OrderStatus;
    if (toDepts) {
      const reopened = await tx
        .update(orderDepts)
        .set({ status: '1', signUserId: null, signedAt: null })
        .where(and(eq(orderDepts.orderId, q.orderId), inArray(orderDepts.deptId, deptIds)))
        .returning({ deptId: orderDepts.deptId });
      if (reopened.length !== deptIds.length) throw new AppError('VALIDATION', '所选科室不属于该订单');
      to = (await changeOrderStatus(tx, { ...change, action: 'return_to_depts' })).to;
    } else {
      to = (await returnOrderToPreviousReview(tx, { ...change, from })).to;
    }
    await tx.insert(reviews).values({
      orderId: q.orderId,
      step: q.step,
      result: 'return',
      reason: toDepts ? `退回科室：${q.reason}` : q.reason,
      reviewerId: user.id,
      reviewerName: user.user_name,
    });
    return to;
  });
}
