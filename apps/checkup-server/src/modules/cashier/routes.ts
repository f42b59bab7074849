import type { FastifyInstance } from 'fastify';
import {
  costCollectRoute,
  costDetailRoute,
  costHistoryRoute,
  costListRoute,
  costRefundRoute,
  costReverseRoute,
  costSplitRoute,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import type { PasswordKeys } from '../auth/keys.js';
import { personOfOrder } from '../orders/order-repository.js';
import { assertCanViewPerson } from '../people/confidential.js';
import type { PersonalData } from '../people/personal-data.js';
import { collect, refund, reverse, split } from './cost-actions.js';
import { costDetail, costHistory, costList } from './cost-queries.js';

/** 费用管理 (issue 23): the cashier's list and detail, 收款, 拆分, 退项/退费, 误操作退款 and 收费历史. */
export async function cashierRoutes(
  app: FastifyInstance,
  opts: { db: Db; personalData: PersonalData; keys: PasswordKeys },
) {
  const { db, personalData, keys } = opts;
  defineRoute(app, costListRoute, ({ input, user }) => costList(db, personalData, input, user));
  defineRoute(app, costDetailRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), '费用详情');
    return costDetail(db, personalData, input.order_id);
  });
  defineRoute(app, costHistoryRoute, ({ input }) => costHistory(db, input.order_id));
  defineRoute(app, costCollectRoute, ({ input, user, request }) => collect(db, input, user, request));
  defineRoute(app, costSplitRoute, ({ input, user, request }) => split(db, input, user, request));
  defineRoute(app, costRefundRoute, ({ input, user, request }) => refund(db, { keys }, input, user, request));
  defineRoute(app, costReverseRoute, ({ input, user, request }) => reverse(db, input, user, request));
}
