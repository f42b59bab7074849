import type { FastifyRequest } from 'fastify';
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  REVIEW_STEPS,
  REVIEW_STEP_RULES,
  mayOpen,
  reviewSettingsSchema,
  reviewStepOf,
  type ReviewStep,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { orders, reviewAssignments, reviews, users } from '../../db/schema.js';
import { PARAM } from '../parameters/codes.js';
import { getParameterValue } from '../parameters/repository.js';
import { refuseAccess } from './refusal.js';

const stepScreen = (step: ReviewStep) => `exam_mg/${REVIEW_STEP_RULES[step].worklist}`;
const allotScreen = (step: ReviewStep) => `exam_mg/${REVIEW_STEP_RULES[step].allot}`;

async function waitingStep(db: Db, orderId: string): Promise<ReviewStep | null> {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.orderId, orderId));
  return row ? reviewStepOf(row.status) : null;
}

async function assigneeOf(db: Db, orderId: string, step: ReviewStep) {
  const [row] = await db
    .select({ id: reviewAssignments.reviewerId, name: users.userName })
    .from(reviewAssignments)
    .innerJoin(users, eq(users.id, reviewAssignments.reviewerId))
    .where(and(eq(reviewAssignments.orderId, orderId), eq(reviewAssignments.step, step)));
  return row;
}

/** Parameter 0030 may allow one person to pass several levels; by default it does not. */
async function distinctReviewersRequired(db: Db): Promise<boolean> {
  const stored = reviewSettingsSchema.shape.distinct_reviewers.safeParse(
    ((await getParameterValue(db, PARAM.AI_REVIEW)) as { distinct_reviewers?: unknown } | undefined)
      ?.distinct_reviewers,
  );
  return stored.success ? stored.data : true;
}

/** The levels before `step` this user passed last: the passes that brought the visit to where it is. */
async function earlierLevelsPassedBy(db: Db, orderId: string, step: ReviewStep, userId: number) {
  const earlier = REVIEW_STEPS.slice(0, REVIEW_STEPS.indexOf(step));
  if (earlier.length === 0) return [];
  const passes = await db
    .select({ step: reviews.step, reviewerId: reviews.reviewerId })
    .from(reviews)
    .where(and(eq(reviews.orderId, orderId), eq(reviews.result, 'pass'), inArray(reviews.step, earlier)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  const latest = new Map<string, number>();
  for (const p of passes) if (!latest.has(p.step)) latest.set(p.step, p.reviewerId);
  return earlier.filter((s) => latest.get(s) === userId);
}

/**
 * The row-level rules of a review level (issue 17 §1), before the visit is locked, saved, passed or
 * returned at it: the account opens that level's worklist; a visit assigned to another reviewer is
 * theirs unless the account may open the level's allotment; and (parameter 0030, on by default) one
 * person does not pass two levels of the same visit.
 */
export async function assertMayReview(
  db: Db,
  request: FastifyRequest,
  user: UserInfo,
  orderId: string,
  q: { step?: ReviewStep; passing?: boolean } = {},
): Promise<void> {
  const step = q.step ?? (await waitingStep(db, orderId));
  // A visit not under review is refused by the review service with its own message.
  if (step === null) return;
  const { label } = REVIEW_STEP_RULES[step];
  const refuse = (rule: string, msg: string) => refuseAccess(db, request, user, { target: orderId, rule, msg });
  if (!mayOpen(stepScreen(step), user.role_menu)) {
    await refuse('review_level', `没有${label}的权限，请联系管理员`);
  }
  const assignee = await assigneeOf(db, orderId, step);
  if (assignee && assignee.id !== user.id && !mayOpen(allotScreen(step), user.role_menu)) {
    await refuse('review_assignee', `该订单的${label}已分配给${assignee.name}，请由其审核或联系分配人员`);
  }
  if (q.passing && (await distinctReviewersRequired(db))) {
    const passed = await earlierLevelsPassedBy(db, orderId, step, user.id);
    if (passed.length > 0) {
      const done = passed.map((s) => REVIEW_STEP_RULES[s].label).join('、');
      await refuse('review_distinct', `您已完成该订单的${done}，同一订单的各级审核须由不同的人完成`);
    }
  }
}

/** 审核分配 of a level is for whom that level's allotment screen is opened. */
export async function assertMayAllot(db: Db, request: FastifyRequest, user: UserInfo, step: ReviewStep) {
  if (mayOpen(allotScreen(step), user.role_menu)) return;
  await refuseAccess(db, request, user, {
    target: `review_allot:${step}`,
    rule: 'review_allot_level',
    msg: `没有${REVIEW_STEP_RULES[step].label}分配的权限，请联系管理员`,
  });
}
