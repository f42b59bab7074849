import type { FastifyInstance } from 'fastify';
import {
  reviewCancelRoute,
  reviewMarkRoute,
  reviewPlanResource,
  reviewRegisterRoute,
  reviewVisitPlanRoute,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { serveResource } from '../../lib/resource/serve-resource.js';
import type { PasswordKeys } from '../auth/keys.js';
import { eq } from 'drizzle-orm';
import { reviewPlans } from '../../db/schema.js';
import { personOfOrder } from '../orders/order-repository.js';
import { assertCanViewPerson } from '../people/confidential.js';
import type { PersonalData } from '../people/personal-data.js';
import { reviewPlanBinding } from './review-plan-binding.js';
import { cancelReview, markReview, readVisitPlan } from './review-plan-service.js';
import { registerReview } from './review-register-service.js';

export interface ReviewMgOptions {
  db: Db;
  personalData: PersonalData;
  /** A leader confirming a 复查折扣 below the clerk's floor gives their password encrypted as at login. */
  keys: PasswordKeys;
}

const actorOf = (user: UserInfo, ip: string) => ({
  userId: user.id,
  userAccount: user.user_account,
  userName: user.user_name,
  discountFloor: user.discount_floor,
  ip,
});

/** 复查管理 (issue 20): 需复查 from 总检, the list and its export, 登记复查 and 取消. */
export async function reviewMgRoutes(app: FastifyInstance, opts: ReviewMgOptions) {
  const { db } = opts;
  serveResource(app, db, reviewPlanResource, reviewPlanBinding(opts.personalData));

  defineRoute(app, reviewVisitPlanRoute, ({ input }) => readVisitPlan(db, input.order_id));

  defineRoute(app, reviewMarkRoute, ({ input, user, request }) => markReview(db, input, actorOf(user, request.ip)));

  /** Spec §5: a confidential examinee's re-exam is acted on only by those who may see them (audited). */
  async function personOfPlan(id: number) {
    const [plan] = await db.select({ orderId: reviewPlans.orderId }).from(reviewPlans).where(eq(reviewPlans.id, id));
    return plan ? personOfOrder(db, plan.orderId) : undefined;
  }

  defineRoute(app, reviewRegisterRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfPlan(input.id), 'review_register');
    return registerReview(db, input, actorOf(user, request.ip), { keys: opts.keys });
  });

  defineRoute(app, reviewCancelRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfPlan(input.id), 'review_cancel');
    return cancelReview(db, input.id, input.reason, actorOf(user, request.ip));
  });
}
