import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  criticalValueHandleRoute,
  criticalValueListRoute,
  criticalValueNotifyRoute,
  maskName,
  type CriticalValueRow,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { assertCanViewPerson } from '../people/confidential.js';
import type { PersonalData } from '../people/personal-data.js';
import { parseSearchKey } from '../people/search-key.js';
import { countUnhandled, criticalValueById, searchCriticalValues, type CriticalRecord } from './critical-repository.js';
import { handleCritical, notifyCritical } from './critical-service.js';

/**
 * The critical-value list shows names to users who may see confidential persons; others see them
 * masked (张*三), and a confidential person not at all (spec §5).
 */
function nameFor(user: UserInfo, name: string, specialFlag: string): string {
  if (user.special_flag === '1') return name;
  return specialFlag === '1' ? '***' : maskName(name);
}

function toRow(user: UserInfo, r: CriticalRecord): CriticalValueRow {
  return {
    id: r.id,
    order_id: r.orderId,
    cust_name: nameFor(user, r.custName, r.specialFlag),
    sex: r.sex,
    age: r.age,
    special_flag: r.specialFlag,
    item_name: r.itemName,
    result_value: r.resultValue,
    unit: r.unit,
    direction: r.direction as CriticalValueRow['direction'],
    ref_range: r.refRange,
    critical_low: r.criticalLow,
    critical_high: r.criticalHigh,
    exam_dept_id: r.deptId,
    dept_name: r.deptName,
    raised_by_name: r.raisedByName,
    created_at: r.createdAt.toISOString(),
    status: r.status as CriticalValueRow['status'],
    notified_person: r.notifiedPerson,
    notify_relation: r.notifyRelation as CriticalValueRow['notify_relation'],
    notify_method: r.notifyMethod as CriticalValueRow['notify_method'],
    notified_at: r.notifiedAt?.toISOString() ?? null,
    notified_by_name: r.notifiedByName,
    handled_by_name: r.handledByName,
    handled_at: r.handledAt?.toISOString() ?? null,
    note: r.note,
  };
}

/** 危急值管理 (ser_dis_mg): the list, the notice record and the handling. */
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
      status: input.status,
      dateFrom: input.date_from,
      dateTo: input.date_to,
      deptId: input.exam_dept_id,
      key: input.key ? parseSearchKey(input.key, personalData) : undefined,
      mayViewConfidential: user.special_flag === '1',
      page: input.page,
      size: input.size,
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
}
