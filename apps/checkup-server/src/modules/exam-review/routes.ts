import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import {
  AppError,
  exceptionHistoryRoute,
  reviewLockRoute,
  reviewStepOf,
  reviewUnlockRoute,
  updateCorrectionStatusRoute,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { orderExceptions, orders } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { assertMayReview } from '../access/review-gate.js';
import { lockOrRefuse, releaseLock } from '../locks/record-locks.js';
import { personOfOrder } from '../orders/order-repository.js';
import { assertCanViewPerson } from '../people/confidential.js';
import type { PersonalData } from '../people/personal-data.js';
import { conclusionRoutes } from './conclusion-routes.js';
import { markLevelStarted } from './review-level-starts.js';
import { reviewWorkflowRoutes } from './review-routes.js';
import { assertMayEnterTotalCheck } from './total-check-gate.js';

/** Chief-examiner review (总检审核) calls of spec §7. */
export async function examReviewRoutes(app: FastifyInstance, opts: { db: Db; personalData: PersonalData }) {
  const { db } = opts;

  defineRoute(app, exceptionHistoryRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'exception_history');
    const rows = await db
      .select()
      .from(orderExceptions)
      .where(eq(orderExceptions.orderId, input.order_id))
      .orderBy(asc(orderExceptions.createdAt), asc(orderExceptions.id));
    return rows.map((r) => ({
      id: r.id,
      exception_type: r.exceptionType === 'dept' ? ('dept' as const) : ('review' as const),
      union_name: r.unionName,
      review_exception: r.reviewException,
      review_advise: r.reviewAdvise,
      exception_images: r.exceptionImages ? r.exceptionImages.split(',').filter(Boolean) : [],
      exception_dept: r.exceptionDept,
      exception_user: r.exceptionUser,
      review_exception_flag: r.reviewExceptionFlag,
      exception_handler_name: r.exceptionHandlerName,
      exception_handler_time: r.exceptionHandlerTime?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
    }));
  });

  defineRoute(app, reviewLockRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'exam_review');
    await assertMayReview(db, request, user, input.order_id);
    const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.orderId, input.order_id));
    const step = order ? reviewStepOf(order.status) : null;
    // Issue 20: opening a visit for 初审 is entering 总检 — its gate applies, and the level has started.
    if (step === 'first') await assertMayEnterTotalCheck(db, input.order_id);
    const until = await lockOrRefuse(db, { type: 'exam_review', key: input.order_id }, user);
    if (step) await markLevelStarted(db, input.order_id, step, user, 'lock');
    return { order_id: input.order_id, locked_until: until.toISOString() };
  });

  defineRoute(app, reviewUnlockRoute, async ({ input, user }) => ({
    released: await releaseLock(db, { type: 'exam_review', key: input.order_id }, user.id),
  }));

  defineRoute(app, updateCorrectionStatusRoute, async ({ input }) => {
    const updated = await db
      .update(orders)
      .set({ correctionStatus: '0' })
      .where(eq(orders.orderId, input.order_id))
      .returning({ orderId: orders.orderId });
    if (updated.length === 0) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
    return { order_id: input.order_id, correction_status: '0' as const };
  });

  reviewWorkflowRoutes(app, db, opts.personalData);
  conclusionRoutes(app, db, opts.personalData);
}
