import type { FastifyInstance } from 'fastify';
import { and, count, eq } from 'drizzle-orm';
import {
  groupOrderChoicesRoute,
  groupPauseRoute,
  groupPersonBanRoute,
  groupPersonResource,
  groupPersonUnbanRoute,
  groupPrintMarkRoute,
  groupPriceLimitRoute,
  groupRegisterResource,
  groupRegisterRoute,
  groupSmsRoute,
  subgroupAddItemsRoute,
  subgroupDiscountRoute,
  subgroupListRoute,
  subgroupMoveRoute,
  subgroupRemoveItemsRoute,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { groupPersons } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { rowOf, selectRows, serveResource } from '../../lib/resource/serve-resource.js';
import type { PasswordKeys } from '../auth/keys.js';
import type { PersonalData } from '../people/personal-data.js';
import { personBinding, personWhere } from './person-binding.js';
import {
  banPeople,
  groupOrderChoices,
  groupSms,
  markPrinted,
  pauseGroup,
  registerPeople,
  setPriceLimit,
  unbanPeople,
  type GroupActor,
} from './register-service.js';
import { addItems, discountPeople, itemsByOrder, movePeople, removeItems } from './subgroup-service.js';

const actorOf = (user: UserInfo, ip: string): GroupActor => ({
  userId: user.id,
  userAccount: user.user_account,
  discountFloor: user.discount_floor,
  ip,
});

/** 团检登记名单, 分组调整 and 团检人员 (issue 22, breadth §2.7, §2.8). */
export async function groupRegisterRoutes(
  app: FastifyInstance,
  opts: { db: Db; personalData: PersonalData; keys: PasswordKeys },
) {
  const { db, personalData } = opts;
  const deps = { keys: opts.keys };
  serveResource(app, db, groupRegisterResource, personBinding(personalData));
  serveResource(app, db, groupPersonResource, personBinding(personalData));

  defineRoute(app, groupOrderChoicesRoute, async () => groupOrderChoices(db));
  defineRoute(app, groupRegisterRoute, async ({ input, user, request }) =>
    registerPeople(db, input.ids, input.batch === '1', actorOf(user, request.ip)),
  );
  defineRoute(app, groupPersonBanRoute, async ({ input, user, request }) =>
    banPeople(db, input.ids, input.reason, actorOf(user, request.ip)),
  );
  defineRoute(app, groupPersonUnbanRoute, async ({ input, user, request }) =>
    unbanPeople(db, input.ids, actorOf(user, request.ip)),
  );
  defineRoute(app, groupPauseRoute, async ({ input, user, request }) =>
    pauseGroup(db, input.group_id, input.paused === '1', actorOf(user, request.ip)),
  );
  defineRoute(app, groupPriceLimitRoute, async ({ input, user, request }) =>
    setPriceLimit(db, input, actorOf(user, request.ip)),
  );
  defineRoute(app, groupSmsRoute, async ({ input, user, request }) =>
    groupSms(db, personalData, input, { user, ip: request.ip }),
  );
  defineRoute(app, groupPrintMarkRoute, async ({ input, user, request }) =>
    markPrinted(db, input.id, input.kind, actorOf(user, request.ip)),
  );

  const binding = personBinding<typeof groupRegisterResource>(personalData);
  defineRoute(app, subgroupListRoute, async ({ input }) => {
    const where = and(
      ...personWhere(personalData, {
        group_order_id: input.group_order_id,
        group_id: input.group_id,
        name: input.name,
      }),
      input.sex ? eq(groupPersons.sex, input.sex) : undefined,
    );
    const raw = await selectRows(db, binding, where)
      .orderBy(...binding.orderBy)
      .limit(input.size)
      .offset((input.page - 1) * input.size);
    const rows = raw.map((r) => rowOf(binding, r as Record<string, unknown>) as Record<string, unknown>);
    const items = await itemsByOrder(
      db,
      rows.flatMap((r) => (typeof r.order_id === 'string' ? [r.order_id] : [])),
    );
    let counted = db.select({ n: count() }).from(groupPersons).$dynamic();
    for (const join of binding.joins ?? []) counted = counted.leftJoin(join.table, join.on);
    const [total] = await counted.where(where);
    return {
      list: rows.map((r) => ({ ...r, items: items.get(r.order_id as string) ?? [] })),
      total: total?.n ?? 0,
      page: input.page,
      size: input.size,
    } as never;
  });
  defineRoute(app, subgroupMoveRoute, async ({ input, user, request }) =>
    movePeople(db, input.ids, input.group_id, actorOf(user, request.ip), deps),
  );
  defineRoute(app, subgroupAddItemsRoute, async ({ input, user, request }) =>
    addItems(db, input.ids, input.union_ids, actorOf(user, request.ip), deps),
  );
  defineRoute(app, subgroupRemoveItemsRoute, async ({ input, user, request }) =>
    removeItems(db, input.ids, input.union_ids, actorOf(user, request.ip), deps),
  );
  defineRoute(app, subgroupDiscountRoute, async ({ input, user, request }) =>
    discountPeople(db, input.ids, input.rate, actorOf(user, request.ip), deps),
  );
}
