import type { FastifyRequest } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import {
  AppError,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  REVIEW_STEP_RULES,
  isOrderStatus,
  mayOpen,
  nextReviewStep,
  statusAfterPass,
  type BatchPassResult,
  type ReviewStep,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { auditLog, orders, reportHandovers, reviews } from '../../db/schema.js';
import { assertMayReview } from '../access/review-gate.js';
import { refuseAccess } from '../access/refusal.js';
import { assertNotBanned } from '../orders/order-ban.js';
import { returnOrderToPreviousReview } from '../orders/order-status-service.js';
import { personOfOrder } from '../orders/order-repository.js';
import { assertCanViewPerson } from '../people/confidential.js';
import { latestPass, levelStartedByOther } from './review-level-starts.js';
import { passReview } from './review-service.js';

export interface UnpassInput {
  orderId: string;
  step: ReviewStep;
  reason: string;
}

/** Why a 反审 of `step` cannot be made for a visit in `status`, or null when the status allows it. */
function statusRefusal(status: string, step: ReviewStep): string | null {
  const { label } = REVIEW_STEP_RULES[step];
  const after = statusAfterPass(step);
  if (status === after || !isOrderStatus(status)) return null;
  if (ORDER_STATUSES.indexOf(status) < ORDER_STATUSES.indexOf(after)) return `该订单的${label}尚未通过，无需反审`;
  if (step === 'final') return `该订单的报告已${ORDER_STATUS_LABELS[status].replace('报告已', '')}，不能反审终审`;
  return `该订单已进入下一级审核（${ORDER_STATUS_LABELS[status]}），不能反审${label}`;
}

/**
 * 反审 (issue 20): takes back the latest pass of a level while the next level has not started —
 * the next level's review lock held or taken, or a conclusion saved at it, by someone else since the
 * pass; after 终审, while the report is neither printed nor handed to the report room. The passer may do it, or whoever may allot the
 * level (审核分配, the same people who may take a visit over from its assignee). The visit goes back to
 * wait for the level; a reviews row (unpass) keeps the reason, and the move is logged and audited in
 * the same transaction.
 */
export async function unpassReview(db: Db, q: UnpassInput, user: UserInfo, request: FastifyRequest) {
  const { label, allot } = REVIEW_STEP_RULES[q.step];
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.orderId, q.orderId));
  if (!order) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
  const refusal = statusRefusal(order.status, q.step);
  if (refusal) throw new AppError('ILLEGAL_TRANSITION', refusal);
  const passed = await latestPass(db, q.orderId, q.step);
  if (!passed) throw new AppError('ILLEGAL_TRANSITION', `该订单的${label}尚未通过，无需反审`);
  if (passed.reviewerId !== user.id && !mayOpen(`exam_mg/${allot}`, user.role_menu)) {
    await refuseAccess(db, request, user, {
      target: q.orderId,
      rule: 'review_unpass',
      msg: `该订单的${label}由${passed.reviewerName}通过，只有其本人或${label}分配人员可以反审`,
    });
  }
  return db.transaction(async (tx) => {
    await assertNotBanned(tx, q.orderId);
    const [row] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.orderId, q.orderId))
      .for('update');
    const now = statusRefusal(row!.status, q.step);
    if (now) throw new AppError('ILLEGAL_TRANSITION', now);
    // A report handed to the report room is out of the reviewers' hands: it comes back by 反交接 first.
    if (q.step === 'final' && (await handedOver(tx, q.orderId))) {
      throw new AppError('ILLEGAL_TRANSITION', '该报告已交接至报告室，不能反审终审，请先反交接');
    }
    const next = nextReviewStep(q.step);
    const started = next && (await levelStartedByOther(tx, q.orderId, { step: next, passed: q.step, userId: user.id }));
    if (started) {
      throw new AppError(
        'ILLEGAL_TRANSITION',
        `该订单的${REVIEW_STEP_RULES[next!].label}已开始（${started}），不能反审${label}`,
      );
    }
    const moved = await returnOrderToPreviousReview(tx, {
      orderId: q.orderId,
      from: statusAfterPass(q.step),
      action: 'unpass_review',
      userId: user.id,
      userAccount: user.user_account,
      reason: q.reason,
      ip: request.ip,
    });
    await tx.insert(reviews).values({
      orderId: q.orderId,
      step: q.step,
      result: 'unpass',
      reason: q.reason,
      reviewerId: user.id,
      reviewerName: user.user_name,
    });
    await tx.insert(auditLog).values({
      action: 'review_unpass',
      userId: user.id,
      userAccount: user.user_account,
      target: q.orderId,
      detail: { step: q.step, reason: q.reason, passed_by: passed.reviewerId },
      ip: request.ip,
    });
    return moved.to;
  });
}

/**
 * 批量通过 (issue 20): each scanned visit passed at the caller's level by the very rules of a single
 * pass — the confidential flag, the level's rows rules (assignee, one person one level), the lock, the
 * ban, the 总检 entry gate, open exceptions, a saved conclusion — each in its own transaction, so one
 * refusal leaves the others passed. Answers every visit's outcome in the order scanned.
 */
export async function batchPass(
  db: Db,
  q: { step: ReviewStep; orderIds: string[] },
  user: UserInfo,
  request: FastifyRequest,
): Promise<BatchPassResult[]> {
  const results: BatchPassResult[] = [];
  for (const orderId of q.orderIds) {
    try {
      const person = await personOfOrder(db, orderId);
      if (!person) throw new AppError('RECORD_NOT_FOUND', '体检号不存在');
      await assertCanViewPerson(db, request, user, person, 'exam_review');
      await assertMayReview(db, request, user, orderId, { step: q.step, passing: true });
      const [saved] = await db
        .select({ conclusion: orders.conclusion, advice: orders.advice })
        .from(orders)
        .where(eq(orders.orderId, orderId));
      const status = await passReview(
        db,
        { orderId, step: q.step, conclusion: saved?.conclusion ?? '', advice: saved?.advice ?? '' },
        user,
        request.ip,
      );
      results.push({ order_id: orderId, passed: true, order_status: status, msg: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ order_id: orderId, passed: false, order_status: null, msg: err.message });
    }
  }
  await db.insert(auditLog).values({
    action: 'review_batch_pass',
    userId: user.id,
    userAccount: user.user_account,
    target: `review_batch_pass:${q.step}`,
    detail: {
      step: q.step,
      passed: results.filter((r) => r.passed).map((r) => r.order_id),
      refused: results.filter((r) => !r.passed).map((r) => r.order_id),
    },
    ip: request.ip,
  });
  return results;
}

async function handedOver(db: Db, orderId: string): Promise<boolean> {
  const [live] = await db
    .select({ id: reportHandovers.id })
    .from(reportHandovers)
    .where(and(eq(reportHandovers.orderId, orderId), ne(reportHandovers.state, 'revoked')));
  return live !== undefined;
}
