import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  fenText,
  REFUSALS,
  type BatchRefusal,
  type GroupBatchResult,
  type SmsRecipients,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import {
  auditLog,
  companyGroups,
  groupOrders,
  groupPersons,
  groupRegisterPrints,
  orderDepts,
  orders,
} from '../../db/schema.js';
import { todayCst } from '../../lib/hospital-day.js';
import { changeOrderStatus } from '../orders/order-status-service.js';
import type { PersonalData } from '../people/personal-data.js';
import { queueChanged } from '../queue/queue-signal.js';
import { sendSms } from '../crm-sms/sms-service.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface GroupActor {
  userId: number;
  userAccount: string;
  discountFloor: number;
  ip?: string;
}

/** The chosen people, locked, with their order, group and visit. */
export async function lockPeople(tx: Tx, ids: readonly number[]) {
  const rows = await tx
    .select({
      id: groupPersons.id,
      custName: groupPersons.custName,
      groupOrderId: groupPersons.groupOrderId,
      groupId: groupPersons.groupId,
      orderId: groupPersons.orderId,
      paused: groupPersons.paused,
      orderClosed: groupOrders.closed,
      groupPaused: companyGroups.paused,
      status: orders.status,
      banReason: orders.banReason,
    })
    .from(groupPersons)
    .innerJoin(groupOrders, eq(groupOrders.id, groupPersons.groupOrderId))
    .leftJoin(companyGroups, eq(companyGroups.id, groupPersons.groupId))
    .leftJoin(orders, eq(orders.orderId, groupPersons.orderId))
    .where(inArray(groupPersons.id, [...ids]))
    .orderBy(groupPersons.id)
    .for('update', { of: groupPersons });
  if (rows.length !== new Set(ids).size) throw new AppError('RECORD_NOT_FOUND', '所选体检人员不存在或已被删除');
  return rows;
}
export type LockedPerson = Awaited<ReturnType<typeof lockPeople>>[number];

const refusal = (p: LockedPerson, reason: string): BatchRefusal => ({
  id: p.id,
  cust_name: p.custName,
  order_id: p.orderId,
  reason,
});

/**
 * 登记 / 批量登记: each prepared visit moves to 已登记 through the order status machine (its log and
 * audit rows), on today's exam day. A batch needs every chosen person to have a 体检号; the rest are
 * registered one by one, each refused person answered with the reason and nothing of theirs written.
 */
export async function registerPeople(db: Db, ids: readonly number[], batch: boolean, actor: GroupActor) {
  const result = await db.transaction(async (tx): Promise<GroupBatchResult> => {
    const people = await lockPeople(tx, ids);
    const missing = people.filter((p) => p.orderId === null);
    if (batch && missing.length > 0) {
      throw new AppError('VALIDATION', REFUSALS.batchNoVisit(missing.map((p) => p.custName).join('、')));
    }
    const today = todayCst();
    const done: number[] = [];
    const refused: BatchRefusal[] = [];
    for (const p of people) {
      if (p.orderId === null) refused.push(refusal(p, REFUSALS.noVisit));
      else if (p.paused || p.banReason !== null) refused.push(refusal(p, REFUSALS.banned(p.banReason)));
      else if (p.groupPaused) refused.push(refusal(p, REFUSALS.groupPaused));
      else {
        const orderId = p.orderId;
        try {
          await tx.transaction(async (sp) => {
            await changeOrderStatus(sp, {
              orderId,
              action: 'register',
              userId: actor.userId,
              userAccount: actor.userAccount,
              ip: actor.ip,
            });
            // Registered at the desk today: the visit's exam day is today.
            await sp
              .update(orders)
              .set({ examDate: today, registeredBy: actor.userId })
              .where(eq(orders.orderId, orderId));
            await sp.update(orderDepts).set({ examDate: today }).where(eq(orderDepts.orderId, orderId));
          });
          done.push(p.id);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          refused.push(refusal(p, err.message));
        }
      }
    }
    return { done, refused };
  });
  if (result.done.length > 0) queueChanged(db);
  return result;
}

async function audit(tx: Tx, actor: GroupActor, action: string, target: string, detail: Record<string, unknown>) {
  await tx.insert(auditLog).values({
    action,
    userId: actor.userId,
    userAccount: actor.userAccount,
    target,
    detail,
    ip: actor.ip ?? null,
  });
}

/** 禁检 of people: the person, and their visit with the reason (orders.ban_reason, as the desk's 禁检). */
export function banPeople(db: Db, ids: readonly number[], reason: string, actor: GroupActor) {
  return db.transaction(async (tx): Promise<GroupBatchResult> => {
    const people = await lockPeople(tx, ids);
    const done: number[] = [];
    const refused: BatchRefusal[] = [];
    for (const p of people) {
      if (p.paused || p.banReason !== null) {
        refused.push(refusal(p, `${REFUSALS.banned(p.banReason)}，请勿重复操作`));
        continue;
      }
      await tx
        .update(groupPersons)
        .set({ paused: true, updatedAt: sql`now()`, updatedBy: actor.userId })
        .where(eq(groupPersons.id, p.id));
      if (p.orderId !== null) {
        await tx
          .update(orders)
          .set({ banReason: reason, bannedBy: actor.userId, bannedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(orders.orderId, p.orderId));
      }
      await audit(tx, actor, 'group_person_ban', p.orderId ?? `group_person:${p.id}`, { person_id: p.id, reason });
      done.push(p.id);
    }
    return { done, refused };
  });
}

/** 反禁检 of people: not on a closed order. */
export function unbanPeople(db: Db, ids: readonly number[], actor: GroupActor) {
  return db.transaction(async (tx): Promise<GroupBatchResult> => {
    const people = await lockPeople(tx, ids);
    const done: number[] = [];
    const refused: BatchRefusal[] = [];
    for (const p of people) {
      if (!p.paused && p.banReason === null) refused.push(refusal(p, '未禁检'));
      else if (p.orderClosed) refused.push(refusal(p, REFUSALS.closedUnban));
      else {
        await tx
          .update(groupPersons)
          .set({ paused: false, updatedAt: sql`now()`, updatedBy: actor.userId })
          .where(eq(groupPersons.id, p.id));
        if (p.orderId !== null) {
          await tx
            .update(orders)
            .set({ banReason: null, bannedBy: null, bannedAt: null, updatedAt: sql`now()` })
            .where(eq(orders.orderId, p.orderId));
        }
        await audit(tx, actor, 'group_person_unban', p.orderId ?? `group_person:${p.id}`, {
          person_id: p.id,
          lifted: p.banReason,
        });
        done.push(p.id);
      }
    }
    return { done, refused };
  });
}

/** 分组禁检 / 反禁检: a paused group's people cannot register; 反禁检 refused on a closed order. */
export function pauseGroup(db: Db, groupId: number, paused: boolean, actor: GroupActor) {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ paused: companyGroups.paused, closed: groupOrders.closed, name: companyGroups.groupName })
      .from(companyGroups)
      .innerJoin(groupOrders, eq(groupOrders.id, companyGroups.groupOrderId))
      .where(eq(companyGroups.id, groupId))
      .for('update', { of: companyGroups });
    if (!group) throw new AppError('RECORD_NOT_FOUND', '分组不存在或不属于团检订单');
    if (group.paused === paused) {
      throw new AppError('ILLEGAL_TRANSITION', paused ? '该分组已禁检，请勿重复操作' : '该分组未禁检');
    }
    if (!paused && group.closed) throw new AppError('ILLEGAL_TRANSITION', REFUSALS.closedUnban);
    await tx
      .update(companyGroups)
      .set({ paused, updatedAt: sql`now()`, updatedBy: actor.userId, version: sql`${companyGroups.version} + 1` })
      .where(eq(companyGroups.id, groupId));
    await audit(tx, actor, paused ? 'group_pause' : 'group_unpause', `company_group:${groupId}`, {
      group_name: group.name,
    });
    return { group_id: groupId, paused };
  });
}

export interface PriceLimitInput {
  group_order_id: number;
  amount: number;
  ids: number[];
  group_id?: number;
  sex?: '1' | '2';
  age_from?: number;
  age_to?: number;
}

/** 批量设置统收限额: the order's people chosen, or those of the group, sex and ages given; audited. */
export function setPriceLimit(db: Db, input: PriceLimitInput, actor: GroupActor) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: groupOrders.id, orderNo: groupOrders.orderNo })
      .from(groupOrders)
      .where(eq(groupOrders.id, input.group_order_id));
    if (!order) throw new AppError('RECORD_NOT_FOUND', '团检订单不存在');
    const age = sql`extract(year from age(${todayCst()}::date, ${groupPersons.birthday}))`;
    const where: (SQL | undefined)[] = [
      eq(groupPersons.groupOrderId, order.id),
      input.ids.length > 0 ? inArray(groupPersons.id, input.ids) : undefined,
      input.group_id !== undefined ? eq(groupPersons.groupId, input.group_id) : undefined,
      input.sex ? eq(groupPersons.sex, input.sex) : undefined,
      input.age_from !== undefined ? sql`${age} >= ${input.age_from}` : undefined,
      input.age_to !== undefined ? sql`${age} <= ${input.age_to}` : undefined,
    ];
    const amount = fenText(input.amount);
    const updated = await tx
      .update(groupPersons)
      .set({ priceLimit: amount, updatedAt: sql`now()`, updatedBy: actor.userId })
      .where(and(...where))
      .returning({ id: groupPersons.id });
    if (updated.length === 0) throw new AppError('VALIDATION', '没有符合条件的体检人员');
    await audit(tx, actor, 'group_price_limit', `group_order:${order.id}`, {
      order_no: order.orderNo,
      amount,
      count: updated.length,
      person_ids: updated.map((r) => r.id),
      filter: { group_id: input.group_id, sex: input.sex, age_from: input.age_from, age_to: input.age_to },
    });
    return { count: updated.length, amount };
  });
}

/** 检前短信: the chosen people's visits through 短信管理's sending; people without 体检号 are skipped. */
export async function groupSms(
  db: Db,
  personalData: PersonalData,
  input: { ids: number[]; template_id: number; send_at?: string },
  actor: { user: UserInfo; ip?: string },
) {
  const people = await db
    .select({ orderId: groupPersons.orderId })
    .from(groupPersons)
    .where(inArray(groupPersons.id, input.ids));
  if (people.length !== input.ids.length) throw new AppError('RECORD_NOT_FOUND', '所选体检人员不存在或已被删除');
  const orderIds = people.flatMap((p) => (p.orderId ? [p.orderId] : []));
  if (orderIds.length === 0) throw new AppError('VALIDATION', '所选人员均未生成体检号，不能发送短信');
  const recipients = { mode: 'orders', order_ids: orderIds, phones: [] } as unknown as SmsRecipients;
  const sent = await sendSms(
    db,
    personalData,
    { templateId: input.template_id, recipients, sendAt: input.send_at },
    actor,
  );
  return { ...sent, skipped: sent.skipped + (people.length - orderIds.length) };
}

/** One person's guide sheet or labels printed by the desk's print path from the list. */
export function markPrinted(db: Db, id: number, kind: string, actor: GroupActor) {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ orderId: groupPersons.orderId })
      .from(groupPersons)
      .where(eq(groupPersons.id, id));
    if (!person) throw new AppError('RECORD_NOT_FOUND', '体检人员不存在');
    if (!person.orderId) throw new AppError('VALIDATION', REFUSALS.noVisit);
    await tx
      .insert(groupRegisterPrints)
      .values({ personId: id, orderId: person.orderId, kind, printedBy: actor.userId });
    const [n] = await tx.select({ n: count() }).from(groupRegisterPrints).where(eq(groupRegisterPrints.personId, id));
    return { id, print_count: n?.n ?? 0 };
  });
}

/** The group orders with their groups, for the screens' choosers (newest first). */
export async function groupOrderChoices(db: Db) {
  const rows = await db.execute(sql`
    select o.id, o.order_no, o.order_name, o.company_id, c.company_name, o.closed,
      coalesce((select json_agg(json_build_object('id', g.id, 'group_name', g.group_name,
          'package_name', p.package_name, 'price', g.price::text, 'paused', g.paused) order by g.priority desc, g.id)
        from company_groups g left join packages p on p.id = g.package_id where g.group_order_id = o.id), '[]') as groups
    from group_orders o join companies c on c.id = o.company_id
    order by o.id desc limit 500`);
  return (rows as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    id: Number(r.id),
    order_no: String(r.order_no),
    order_name: String(r.order_name),
    company_id: Number(r.company_id),
    company_name: String(r.company_name),
    closed: Boolean(r.closed),
    groups: (
      (typeof r.groups === 'string' ? JSON.parse(r.groups) : r.groups) as {
        id: number;
        group_name: string;
        package_name: string | null;
        price: string | null;
        paused: boolean;
      }[]
    ).map((g) => ({ ...g, price: g.price === null ? null : Number(g.price).toFixed(2) })),
  }));
}
