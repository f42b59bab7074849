import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  criticalValueDeleteRoute,
  criticalValueHandleRoute,
  criticalValueListRoute,
  criticalValueNotifyRoute,
  criticalValueReportRoute,
  criticalValueTodayRoute,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { assertCanViewPerson } from '../people/confidential.js';
import type { PersonalData } from '../people/personal-data.js';
import { todayCst } from '../../lib/hospital-day.js';
import { assertWorksIn } from '../access/dept-scope.js';
import { personOfOrder } from '../orders/order-repository.js';
import { countUnhandled, criticalValueById, searchCriticalValues, todaysUnhandled } from './critical-repository.js';
import { deleteCritical, handleCritical, notifyCritical, reportCritical } from './critical-service.js';
import { serveCriticalExport } from './critical-export.js';
import { paging, searchOf, toRow } from './critical-row.js';

/** The home page card lists this many; its count says how many more wait. */
const TODAY_CARD_ROWS = 5;

/**
 * 危急值管理 (ser_dis_mg): the list and its export, the three stages (提报 from department entry, 通知,
 * 专家处理), deletion of one raised in error, and today's unhandled ones for the home page.
 */
export async function criticalValueRoutes(app: FastifyInstance, opts: { db: Db; personalData: PersonalData }) {
  const { db, personalData } = opts;

  // Spec §5: notifying or handling shows the person, so a confidential one is refused (and audited).
  async function assertViewable(id: number, user: UserInfo, request: FastifyRequest) {
    const found = await criticalValueById(db, id);
    const person = found && { customerId: found.customerId, specialFlag: found.specialFlag, orderId: found.orderId };
    await assertCanViewPerson(db, request, user, person, 'critical_value');
  }

  defineRoute(app, criticalValueListRoute, async ({ input, user }) => {
    const { rows, total } = await searchCriticalValues(db, {
      ...searchOf(input, user, personalData),
      ...paging(input),
    });
    return {
      list: rows.map((r) => toRow(user, r)),
      total,
      page: input.page,
      size: input.size,
      unhandled_total: await countUnhandled(db),
    };
  });

  defineRoute(app, criticalValueNotifyRoute, async ({ input, user, request }) => {
    await assertViewable(input.id, user, request);
    await notifyCritical(db, input, user, request.ip);
    return toRow(user, (await criticalValueById(db, input.id))!);
  });

  defineRoute(app, criticalValueHandleRoute, async ({ input, user, request }) => {
    await assertViewable(input.id, user, request);
    await handleCritical(db, input, user, request.ip);
    return toRow(user, (await criticalValueById(db, input.id))!);
  });

  defineRoute(app, criticalValueReportRoute, async ({ input, user, request }) => {
    await assertWorksIn(db, request, user, input.exam_dept_id);
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'dept_diag');
    const id = await reportCritical(db, input, user, request.ip);
    return toRow(user, (await criticalValueById(db, id))!);
  });

  defineRoute(app, criticalValueDeleteRoute, async ({ input, user, request }) => {
    await assertViewable(input.id, user, request);
    await deleteCritical(db, input, user, request.ip);
    return { id: input.id };
  });

  defineRoute(app, criticalValueTodayRoute, async ({ user }) => {
    const { rows, total } = await todaysUnhandled(db, todayCst(), TODAY_CARD_ROWS);
    return { total, list: rows.map((r) => toRow(user, r)) };
  });

  serveCriticalExport(app, db, personalData);
}
