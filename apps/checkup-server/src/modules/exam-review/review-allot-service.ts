import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { AppError, REVIEW_STEP_RULES, type ReviewStep, type UserInfo } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { orders, reviewAssignments, roles, userRoles, users } from '../../db/schema.js';

/**
 * 审核分配 (review_allot): who reviews which visit at which step. A reviewer of a step is an active
 * user whose role opens that step's worklist (初审 first_trial, 主审 second_trial, 终审 last_trial).
 */
export async function reviewersOf(db: Db, step: ReviewStep) {
  const screen = `exam_mg/${REVIEW_STEP_RULES[step].worklist}`;
  return db
    .select({
      id: users.id,
      user_name: users.userName,
      assigned: sql<number>`(select count(*)::int from review_assignments a
        join orders o on o.order_id = a.order_id
        where a.reviewer_id = "users"."id" and a.step = ${step} and o.status = ${REVIEW_STEP_RULES[step].waiting})`,
    })
    .from(users)
    .where(
      and(
        eq(users.status, '1'),
        sql`exists (select 1 from ${userRoles} ur join ${roles} r on r.id = ur.role_id and r.is_active
          where ur.user_id = "users"."id" and r.role_menu @> ${JSON.stringify([screen])}::jsonb)`,
      ),
    )
    .orderBy(asc(users.id));
}

async function assertReviewer(db: Db, step: ReviewStep, reviewerId: number) {
  const reviewers = await reviewersOf(db, step);
  if (!reviewers.some((r) => r.id === reviewerId)) {
    throw new AppError('VALIDATION', `所选用户不能${REVIEW_STEP_RULES[step].label}`);
  }
}

/** Only visits waiting for the step may be given to its reviewers. */
async function waitingOrders(db: Pick<Db, 'select'>, step: ReviewStep, orderIds: string[]) {
  const rows = await db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(and(inArray(orders.orderId, orderIds), eq(orders.status, REVIEW_STEP_RULES[step].waiting)));
  if (rows.length !== new Set(orderIds).size) {
    throw new AppError(
      'ILLEGAL_TRANSITION',
      `所选订单中有不在「待${REVIEW_STEP_RULES[step].label}」状态的，请刷新后重试`,
    );
  }
  return rows.map((r) => r.orderId);
}

/** Gives the visits to one reviewer; a visit already assigned at this step is reassigned. One transaction. */
export async function assignReviews(db: Db, step: ReviewStep, orderIds: string[], reviewerId: number, by: UserInfo) {
  await assertReviewer(db, step, reviewerId);
  return db.transaction(async (tx) => {
    const ids = await waitingOrders(tx, step, orderIds);
    await tx
      .insert(reviewAssignments)
      .values(ids.map((orderId) => ({ orderId, step, reviewerId, assignedBy: by.id })))
      .onConflictDoUpdate({
        target: [reviewAssignments.orderId, reviewAssignments.step],
        set: { reviewerId, assignedBy: by.id, assignedAt: sql`now()` },
      });
    return ids.length;
  });
}

export async function unassignReviews(db: Db, step: ReviewStep, orderIds: string[]) {
  const removed = await db
    .delete(reviewAssignments)
    .where(and(eq(reviewAssignments.step, step), inArray(reviewAssignments.orderId, orderIds)))
    .returning({ orderId: reviewAssignments.orderId });
  return removed.length;
}

/**
 * Spreads the unassigned visits waiting for the step (in the date range) over the chosen reviewers,
 * each visit to whoever has the fewest at this step so far, so the loads end up even.
 */
export async function autoAssignReviews(
  db: Db,
  q: { step: ReviewStep; dateFrom?: string; dateTo?: string; reviewerIds: number[] },
  by: UserInfo,
) {
  const reviewers = await reviewersOf(db, q.step);
  const chosen = reviewers.filter((r) => q.reviewerIds.includes(r.id));
  if (chosen.length !== new Set(q.reviewerIds).size) {
    throw new AppError('VALIDATION', `所选用户中有不能${REVIEW_STEP_RULES[q.step].label}的`);
  }
  return db.transaction(async (tx) => {
    const open = await tx
      .select({ orderId: orders.orderId })
      .from(orders)
      .leftJoin(
        reviewAssignments,
        and(eq(reviewAssignments.orderId, orders.orderId), eq(reviewAssignments.step, q.step)),
      )
      .where(
        and(
          eq(orders.status, REVIEW_STEP_RULES[q.step].waiting),
          isNull(reviewAssignments.id),
          q.dateFrom ? gte(orders.examDate, q.dateFrom) : undefined,
          q.dateTo ? lte(orders.examDate, q.dateTo) : undefined,
        ),
      )
      .orderBy(asc(orders.examDate), asc(orders.orderId))
      .for('update', { of: orders });
    const load = new Map(chosen.map((r) => [r.id, r.assigned]));
    const added = new Map(chosen.map((r) => [r.id, 0]));
    const rows = open.map(({ orderId }) => {
      const [reviewerId] = [...load.entries()].reduce((least, entry) => (entry[1] < least[1] ? entry : least));
      load.set(reviewerId, load.get(reviewerId)! + 1);
      added.set(reviewerId, added.get(reviewerId)! + 1);
      return { orderId, step: q.step, reviewerId, assignedBy: by.id };
    });
    if (rows.length > 0) await tx.insert(reviewAssignments).values(rows);
    return [...added.entries()].map(([reviewer_id, n]) => ({ reviewer_id, count: n }));
  });
}
