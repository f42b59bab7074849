import type { FastifyInstance } from 'fastify';
import { lockReportReviewRoute, unlockReportReviewRoute } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { lockOrRefuse, releaseLock } from '../locks/record-locks.js';
import { personOfOrder } from '../orders/order-repository.js';
import { assertCanViewPerson } from '../people/confidential.js';

/** Report review (报告审核) record lock of spec §7. */
export async function reportRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  defineRoute(app, lockReportReviewRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'report_review');
    const until = await lockOrRefuse(db, { type: 'report_review', key: input.order_id }, user);
    return { order_id: input.order_id, locked_until: until.toISOString() };
  });

  defineRoute(app, unlockReportReviewRoute, async ({ input, user }) => ({
    released: await releaseLock(db, { type: 'report_review', key: input.order_id }, user.id),
  }));
}
