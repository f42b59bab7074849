import { and, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError, fenOf, moneyText, type UserInfo } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import {
  branches,
  companies,
  companyGroups,
  contracts,
  groupOrders,
  groupPersons,
  orders,
  users,
} from '../../db/schema.js';
import type { Tx } from '../../lib/resource/serve-resource.js';

type Reader = Db | Tx;

const salesUser = alias(users, 'group_order_sales');
const updater = alias(users, 'group_order_updater');

const groupCount = sql<number>`(select count(*)::int from ${companyGroups} where ${companyGroups.groupOrderId} = ${groupOrders.id})`;

/** An order's row as the contract's row schema wants it, with its company, contract, branch and people. */
export function selectOrders(db: Reader, where?: SQL) {
  return db
    .select({
      id: groupOrders.id,
      version: groupOrders.version,
      closed: groupOrders.closed,
      updated_at: groupOrders.updatedAt,
      updated_by_name: updater.userName,
      order_no: groupOrders.orderNo,
      order_name: groupOrders.orderName,
      company_id: groupOrders.companyId,
      company_name: companies.companyName,
      contract_id: groupOrders.contractId,
      contract_no: contracts.contractNo,
      branch_id: groupOrders.branchId,
      branch_name: branches.branchName,
      exam_type: groupOrders.examType,
      plan_from: groupOrders.planFrom,
      plan_to: groupOrders.planTo,
      plan_male: groupOrders.planMale,
      plan_female: groupOrders.planFemale,
      budget: groupOrders.budget,
      avg_price: groupOrders.avgPrice,
      discount_rate: groupOrders.discountRate,
      exam_mode: groupOrders.examMode,
      report_delivery: groupOrders.reportDelivery,
      desk_note: groupOrders.deskNote,
      sales_user_id: groupOrders.salesUserId,
      sales_user_name: salesUser.userName,
      approval_state: groupOrders.approvalState,
      approval_note: groupOrders.approvalNote,
      change_state: groupOrders.changeState,
      change_note: groupOrders.changeNote,
      remark: groupOrders.remark,
      created_by: groupOrders.createdBy,
      group_count: groupCount,
    })
    .from(groupOrders)
    .leftJoin(companies, eq(companies.id, groupOrders.companyId))
    .leftJoin(contracts, eq(contracts.id, groupOrders.contractId))
    .leftJoin(branches, eq(branches.id, groupOrders.branchId))
    .leftJoin(salesUser, eq(salesUser.id, groupOrders.salesUserId))
    .leftJoin(updater, eq(updater.id, groupOrders.updatedBy))
    .where(where)
    .$dynamic();
}

type RawOrder = Awaited<ReturnType<typeof selectOrders>>[number];

/** numeric(12,2) text → the contract's two-decimal text. */
const money = (value: string | null) => (value === null ? null : moneyText(fenOf(value)));

export function orderRowOf(raw: RawOrder) {
  const { discount_rate, budget, avg_price, updated_at, closed, ...rest } = raw;
  return {
    ...rest,
    closed,
    // A closed order (结束) is the record the generic list shows as not in use.
    enabled: !closed,
    updated_at: updated_at ? updated_at.toISOString() : null,
    budget: money(budget),
    avg_price: money(avg_price),
    discount: discount_rate === null ? null : Math.round(Number(discount_rate) * 1000) / 10,
    group_count: Number(rest.group_count),
  } as never;
}

/** The order read for a write, locked against a concurrent move; refused when it is gone. */
export async function lockOrder(tx: Tx, id: number) {
  const [order] = await tx.select().from(groupOrders).where(eq(groupOrders.id, id)).for('update');
  if (!order) throw new AppError('RECORD_NOT_FOUND', '该团检订单不存在或已被删除');
  return order;
}

export type GroupOrder = typeof groupOrders.$inferSelect;

/** The optimistic check of the resource layer: the version read must still be the order's. */
export async function assertVersion(tx: Tx, order: GroupOrder, version: number) {
  if (order.version === version) return;
  const [by] = order.updatedBy
    ? await tx.select({ name: users.userName }).from(users).where(eq(users.id, order.updatedBy))
    : [];
  const at = order.updatedAt?.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }) ?? '';
  throw new AppError('CONFLICT', `该团检订单已被${by?.name ?? '其他用户'}于${at}修改，请刷新后重试`);
}

/** A non-leader acts only on the orders they sell or created (the lists show them only those). */
export function isMine(order: Pick<GroupOrder, 'salesUserId' | 'createdBy'>, user: UserInfo) {
  return user.leader || order.salesUserId === user.id || order.createdBy === user.id;
}

export function mineCondition(user: UserInfo): SQL | undefined {
  if (user.leader) return undefined;
  return or(eq(groupOrders.salesUserId, user.id), eq(groupOrders.createdBy, user.id));
}

/**
 * 已备单: a person of the order's list was given a visit (预登记), or a visit was registered in one of
 * its groups — an approved order in that state is not reversed.
 */
export async function isPrepared(tx: Reader, orderId: number) {
  const [person] = await tx
    .select({ id: groupPersons.id })
    .from(groupPersons)
    .where(and(eq(groupPersons.groupOrderId, orderId), isNotNull(groupPersons.orderId)))
    .limit(1);
  if (person) return true;
  const groupIds = tx
    .select({ id: companyGroups.id })
    .from(companyGroups)
    .where(eq(companyGroups.groupOrderId, orderId));
  const [visit] = await tx
    .select({ id: orders.orderId })
    .from(orders)
    .where(inArray(orders.groupId, groupIds))
    .limit(1);
  return Boolean(visit);
}
