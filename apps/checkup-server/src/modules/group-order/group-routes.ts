import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { and, count, desc, asc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  GROUP_ORDER_MESSAGES,
  GROUP_PRICE_MESSAGES,
  fenOf,
  groupPriceResource,
  moneyText,
  rateText,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import {
  companies,
  companyGroups,
  groupOrders,
  groupPersons,
  orders,
  packages,
  packageUnions,
  unions,
  users,
} from '../../db/schema.js';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { defineRoute } from '../../lib/define-route.js';
import type { Tx } from '../../lib/resource/serve-resource.js';
import { recordAudit } from '../audit/repository.js';
import { wordsMatch } from '../exam-cfg/search.js';
import { isMine, lockOrder, mineCondition } from './order-rows.js';
import { assertEditable } from './order-rules.js';

const routes = groupPriceResource.routes;
type Filter = z.output<typeof groupPriceResource.spec.filter> & { page: number; size: number; ids?: number[] };
type Form = z.output<typeof groupPriceResource.spec.form> & { id?: number; version?: number };
const COUNT_CAP = 10_000;
const updater = alias(users, 'group_price_updater');

/** 原价合计 of a package: its unions at list price (the alternatives of 可选组 are not counted). */
export const listTotalOf = (packageId: SQL | PgColumn) =>
  sql<
    string | null
  >`(select sum(${unions.price}) from ${packageUnions} join ${unions} on ${unions.id} = ${packageUnions.unionId} where ${packageUnions.packageId} = ${packageId})`;

const personCount = sql<number>`(select count(*)::int from ${groupPersons} where ${groupPersons.groupId} = ${companyGroups.id})`;

function selectGroups(db: Db | Tx, where?: SQL) {
  return db
    .select({
      id: companyGroups.id,
      paused: companyGroups.paused,
      version: companyGroups.version,
      updated_at: companyGroups.updatedAt,
      updated_by_name: updater.userName,
      group_order_id: companyGroups.groupOrderId,
      order_no: groupOrders.orderNo,
      order_name: groupOrders.orderName,
      approval_state: groupOrders.approvalState,
      company_id: companyGroups.companyId,
      company_name: companies.companyName,
      group_name: companyGroups.groupName,
      group_code: companyGroups.groupCode,
      package_id: companyGroups.packageId,
      package_name: packages.packageName,
      gender_limit: companyGroups.genderLimit,
      marital_limit: companyGroups.maritalLimit,
      age_from: companyGroups.ageFrom,
      age_to: companyGroups.ageTo,
      priority: companyGroups.priority,
      exam_type: companyGroups.examType,
      harm_factors: companyGroups.harmFactors,
      pay_mode: companyGroups.payMode,
      price: companyGroups.price,
      list_total: listTotalOf(companyGroups.packageId),
      hide_price: companyGroups.hidePrice,
      person_count: personCount,
    })
    .from(companyGroups)
    .innerJoin(groupOrders, eq(groupOrders.id, companyGroups.groupOrderId))
    .leftJoin(companies, eq(companies.id, companyGroups.companyId))
    .leftJoin(packages, eq(packages.id, companyGroups.packageId))
    .leftJoin(updater, eq(updater.id, companyGroups.updatedBy))
    .where(where)
    .$dynamic();
}

/** 平均折扣 in percent with two decimals: 优惠价 / 原价合计, computed in fen. */
export function discountOf(priceFen: number, listFen: number) {
  return listFen > 0 ? Math.round((priceFen * 10_000) / listFen) / 100 : null;
}

function groupRowOf(raw: Awaited<ReturnType<typeof selectGroups>>[number]) {
  const { paused, updated_at, price, list_total, harm_factors, ...rest } = raw;
  const listFen = list_total === null ? null : fenOf(Number(list_total).toFixed(2));
  const priceFen = price === null ? null : fenOf(price);
  return {
    ...rest,
    paused,
    // A paused group (禁检) is the record the generic list shows as not in use.
    enabled: !paused,
    updated_at: updated_at ? updated_at.toISOString() : null,
    harm_factors: harm_factors?.join('、') ?? null,
    price: priceFen === null ? null : moneyText(priceFen),
    list_total: listFen === null ? null : moneyText(listFen),
    discount: priceFen === null || listFen === null ? null : discountOf(priceFen, listFen),
    person_count: Number(rest.person_count),
  } as never;
}

async function detailOf(db: Db | Tx, id: number) {
  const [raw] = await selectGroups(db, eq(companyGroups.id, id)).limit(1);
  if (!raw) throw new AppError('RECORD_NOT_FOUND', '该团检分组不存在或已被删除');
  return groupRowOf(raw);
}

/** The order a group belongs to, locked, checked as the user's and editable (变更 for an approved one). */
async function editableOrder(tx: Tx, orderId: number, user: UserInfo) {
  const order = await lockOrder(tx, orderId);
  if (!isMine(order, user)) throw new AppError('FORBIDDEN', GROUP_ORDER_MESSAGES.notMine);
  assertEditable(order);
  return order;
}

/** People in a group: its list (名单) and any visit registered in it. */
async function peopleIn(tx: Tx, groupId: number) {
  const [listed] = await tx.select({ n: count() }).from(groupPersons).where(eq(groupPersons.groupId, groupId));
  const [visits] = await tx.select({ n: count() }).from(orders).where(eq(orders.groupId, groupId));
  return Number(listed?.n ?? 0) + Number(visits?.n ?? 0);
}

/** 团检报价: the groups of the orders (breadth §2.4), kept under the order's approval rules. */
export function groupPriceRoutes(app: FastifyInstance, db: Db) {
  defineRoute(app, routes.list, async ({ input, user }) => {
    const { page, size, ids, key, group_order_id, gender_limit, exam_type, occu } = input as Filter;
    const where = and(
      isNotNull(companyGroups.groupOrderId),
      mineCondition(user),
      wordsMatch(key, [companyGroups.groupName, packages.packageName, companies.companyName], [groupOrders.orderNo]),
      group_order_id ? eq(companyGroups.groupOrderId, group_order_id) : undefined,
      gender_limit ? eq(companyGroups.genderLimit, gender_limit) : undefined,
      exam_type ? or(eq(companyGroups.examType, exam_type), eq(groupOrders.examType, exam_type)) : undefined,
      occu === '1'
        ? or(eq(companyGroups.examType, 'occupational'), inArray(groupOrders.examType, ['occupational', 'both']))
        : undefined,
      ids ? inArray(companyGroups.id, ids) : undefined,
    );
    const rows = await selectGroups(db, where)
      .orderBy(desc(companyGroups.groupOrderId), desc(companyGroups.priority), asc(companyGroups.id))
      .limit(size)
      .offset((page - 1) * size);
    const capped = db
      .select({ one: sql`1` })
      .from(companyGroups)
      .innerJoin(groupOrders, eq(groupOrders.id, companyGroups.groupOrderId))
      .leftJoin(companies, eq(companies.id, companyGroups.companyId))
      .leftJoin(packages, eq(packages.id, companyGroups.packageId))
      .where(where)
      .limit(COUNT_CAP + 1)
      .as('capped');
    const [total] = await db.select({ n: count() }).from(capped);
    const n = Number(total?.n ?? 0);
    return { list: rows.map(groupRowOf), total: Math.min(n, COUNT_CAP), total_capped: n > COUNT_CAP, page, size };
  });

  defineRoute(app, routes.detail, async ({ input }) => detailOf(db, input.id));

  defineRoute(app, routes.save, async ({ input, user, request }) => {
    const { id, version, ...form } = input as Form;
    if (id !== undefined && version === undefined) throw new AppError('VALIDATION', '请传递版本号');
    if (form.age_from !== null && form.age_to !== null && form.age_from > form.age_to) {
      throw new AppError('VALIDATION', GROUP_PRICE_MESSAGES.ages);
    }
    return db.transaction(async (tx) => {
      const order = await editableOrder(tx, form.group_order_id, user);
      const [pkg] = await tx
        .select({ id: packages.id, listTotal: listTotalOf(sql`${form.package_id}`) })
        .from(packages)
        .where(eq(packages.id, form.package_id));
      if (!pkg) throw new AppError('VALIDATION', '所选体检套餐不存在或已被删除，请刷新后重选');
      // 超出折扣范围！ The order's price of the package may not go below the user's floor (users.discount_floor).
      const listFen = pkg.listTotal === null ? 0 : fenOf(Number(pkg.listTotal).toFixed(2));
      const floor = user.discount_floor;
      if (form.price * 100 < listFen * floor) {
        const lowest = Math.ceil((listFen * floor) / 100);
        throw new AppError('VALIDATION', GROUP_PRICE_MESSAGES.belowFloor(rateText(floor), moneyText(lowest)));
      }
      const values = {
        groupOrderId: order.id,
        companyId: order.companyId,
        groupName: form.group_name,
        groupCode: form.group_code,
        packageId: form.package_id,
        genderLimit: form.gender_limit,
        maritalLimit: form.marital_limit,
        ageFrom: form.age_from,
        ageTo: form.age_to,
        priority: form.priority,
        examType: form.exam_type,
        harmFactors: form.harm_factors,
        payMode: form.pay_mode,
        price: moneyText(form.price),
        hidePrice: form.hide_price,
        paused: form.paused,
        updatedAt: new Date(),
        updatedBy: user.id,
      };
      let savedId: number;
      if (id === undefined) {
        const [inserted] = await tx.insert(companyGroups).values(values).returning({ id: companyGroups.id });
        savedId = inserted!.id;
      } else {
        const [existing] = await tx.select().from(companyGroups).where(eq(companyGroups.id, id)).for('update');
        if (!existing) throw new AppError('RECORD_NOT_FOUND', '该团检分组不存在或已被删除');
        if (existing.groupOrderId !== order.id) throw new AppError('VALIDATION', '分组不能移到其他订单');
        if (existing.version !== version) {
          throw new AppError('CONFLICT', '该团检分组已被其他用户修改，请刷新后重试');
        }
        await tx
          .update(companyGroups)
          .set({ ...values, version: sql`${companyGroups.version} + 1` })
          .where(eq(companyGroups.id, id));
        savedId = id;
      }
      await recordAudit(tx, request, 'config_save', {
        userId: user.id,
        userAccount: user.user_account,
        target: `group_price:${savedId}`,
        detail: {
          resource: 'group_price',
          title: '团检分组',
          change: id === undefined ? 'insert' : 'update',
          order_no: order.orderNo,
          order_state: order.approvalState,
          change_state: order.changeState,
          form,
        },
      });
      return detailOf(tx, savedId);
    });
  });

  defineRoute(app, routes.remove, async ({ input, user, request }) => {
    await db.transaction(async (tx) => {
      const [group] = await tx.select().from(companyGroups).where(eq(companyGroups.id, input.id)).for('update');
      if (!group || group.groupOrderId === null) throw new AppError('RECORD_NOT_FOUND', '该团检分组不存在或已被删除');
      if (input.version !== undefined && group.version !== input.version) {
        throw new AppError('CONFLICT', '该团检分组已被其他用户修改，请刷新后重试');
      }
      const order = await editableOrder(tx, group.groupOrderId, user);
      const people = await peopleIn(tx, group.id);
      if (people > 0) throw new AppError('VALIDATION', GROUP_PRICE_MESSAGES.hasPeople(people));
      await tx.delete(companyGroups).where(eq(companyGroups.id, group.id));
      await recordAudit(tx, request, 'config_remove', {
        userId: user.id,
        userAccount: user.user_account,
        target: `group_price:${group.id}`,
        detail: { resource: 'group_price', title: '团检分组', order_no: order.orderNo, group_name: group.groupName },
      });
    });
    return { id: input.id };
  });
}
