import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  AppError,
  checkOrderSelection,
  fenText,
  ORDER_STATUS_LABELS,
  REFUSALS,
  toFen,
  UNION_EXEC,
  type DeskDiscount,
  type OrderStatus,
  type PriceLineInput,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import {
  auditLog,
  companyGroups,
  customers,
  departments,
  groupPersons,
  orderDepts,
  orderUnions,
  orders,
  unions,
} from '../../db/schema.js';
import { packageOptions, unionOptions } from '../registration/catalogue-repository.js';
import { confirmFloor, priceLines } from '../registration/order-pricing.js';
import { priceLine, updateOrderUnions, writeUnions, type DeskDeps } from '../registration/order-save-service.js';
import { lockPeople, type GroupActor, type LockedPerson, type Tx } from './register-service.js';

const refuse = (msg: string): never => {
  throw new AppError('VALIDATION', msg);
};

/** Before check-in: a group move re-prices the whole package (已预登记 or 已登记). */
const MOVABLE: ReadonlySet<string> = new Set(['prepared', 'registered']);

const statusLabel = (s: string | null) => (s ? (ORDER_STATUS_LABELS[s as OrderStatus] ?? s) : '');

/** The visit's lines, with what the moves and item changes need to know. */
export async function visitLines(reader: Db | Tx, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return reader
    .select({
      orderId: orderUnions.orderId,
      unionId: orderUnions.unionId,
      unionName: unions.unionName,
      deptName: departments.deptName,
      price: orderUnions.price,
      listPrice: orderUnions.listPrice,
      origin: orderUnions.origin,
      payMode: orderUnions.payMode,
      feeCharged: orderUnions.feeCharged,
      status: orderUnions.status,
      noDiscount: unions.noDiscount,
    })
    .from(orderUnions)
    .innerJoin(unions, eq(unions.id, orderUnions.unionId))
    .innerJoin(departments, eq(departments.id, orderUnions.deptId))
    .where(inArray(orderUnions.orderId, [...orderIds]))
    .orderBy(asc(orderUnions.orderId), asc(orderUnions.unionId));
}

/**
 * A visit priced again for its new group: the group's package (at the group's price, else the
 * package's), paid by whom the group says; the added and department lines stay at their list price;
 * the desk's batch rate stays and must keep to the clerk's floor. Refused when a package line is paid
 * or done, or when the new package and the kept lines clash (duplicates, sex).
 */
async function repriceForGroup(
  tx: Tx,
  person: LockedPerson,
  group: { id: number; packageId: number | null; price: string | null; payMode: 'company' | 'self' },
  actor: GroupActor,
  deps: DeskDeps,
) {
  const orderId = person.orderId!;
  const who = `「${person.custName}」`;
  const [order] = await tx
    .select({
      examDate: orders.examDate,
      deskDiscount: orders.deskDiscount,
      totalPrice: orders.totalPrice,
      sex: customers.sex,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.orderId, orderId))
    .for('update', { of: orders });
  if (!order) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
  const current = await visitLines(tx, [orderId]);
  const oldPackage = current.filter((l) => l.origin === 'package');
  const touched = oldPackage.find((l) => l.feeCharged || l.status !== UNION_EXEC.todo);
  if (touched) refuse(`${who}的套餐项目「${touched.unionName}」已收费或已检查，不能调整分组`);
  const kept = current.filter((l) => l.origin !== 'package');

  const pkg =
    group.packageId === null
      ? null
      : ((await packageOptions(tx as unknown as Db, { ids: [group.packageId] }))[0] ??
        refuse('目标分组的套餐不存在或已停用'));
  const keptOptions = await unionOptions(
    tx,
    kept.map((l) => l.unionId),
  );
  const selection = checkOrderSelection({
    sex: order.sex,
    pkg,
    packageUnions: pkg?.unions ?? [],
    extraUnions: kept.map((l) => keptOptions.get(l.unionId)).filter((u) => u !== undefined),
    genderConfirmed: false,
  });
  if (!selection.ok) refuse(`${who}：${selection.msg}`);

  const lines: PriceLineInput[] = [
    ...(pkg?.unions ?? []).map((u) => priceLine(u, 'package', group.payMode)),
    ...kept.map((l) => ({
      union_id: l.unionId,
      union_name: l.unionName,
      list_fen: toFen(l.listPrice),
      origin: l.origin,
      pay_mode: l.payMode,
      no_discount: l.noDiscount,
    })),
  ];
  const rate = order.deskDiscount?.rate;
  const discount: DeskDiscount | undefined =
    rate !== undefined && order.deskDiscount
      ? {
          rate,
          skip_company: order.deskDiscount.skip_company,
          skip_no_discount: order.deskDiscount.skip_no_discount,
          lines: [],
        }
      : undefined;
  const packageFen = pkg ? toFen(group.price ?? pkg.price) : null;
  const priced = await priceLines(tx, packageFen, lines, discount);
  await confirmFloor(tx, deps.keys, actor, priced, {});
  const packageCount = pkg?.unions.length ?? 0;
  const repaid = priced.lines
    .slice(packageCount)
    .find((l, i) => kept[i]!.feeCharged && toFen(kept[i]!.price) !== l.price_fen);
  if (repaid) refuse(`${who}的收费项目「${repaid.union_name}」已收费，不能改价`);

  await tx.delete(orderUnions).where(and(eq(orderUnions.orderId, orderId), eq(orderUnions.origin, 'package')));
  await writeUnions(
    tx,
    orderId,
    order.examDate,
    (pkg?.unions ?? []).map((union, i) => ({
      union,
      origin: 'package' as const,
      payMode: group.payMode,
      priceFen: priced.lines[i]!.price_fen,
    })),
  );
  for (const line of priced.lines.slice(packageCount)) {
    await tx
      .update(orderUnions)
      .set({ price: fenText(line.price_fen) })
      .where(and(eq(orderUnions.orderId, orderId), eq(orderUnions.unionId, line.union_id)));
  }
  const stillOrdered = tx
    .select({ deptId: orderUnions.deptId })
    .from(orderUnions)
    .where(eq(orderUnions.orderId, orderId));
  await tx
    .delete(orderDepts)
    .where(
      and(
        eq(orderDepts.orderId, orderId),
        eq(orderDepts.status, '0'),
        sql`${orderDepts.deptId} not in ${stillOrdered}`,
      ),
    );
  const totalPrice = fenText(priced.totals.payable_fen);
  await tx
    .update(orders)
    .set({
      groupId: group.id,
      packageId: pkg?.id ?? null,
      totalPrice,
      deskDiscount: discount ?? null,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.orderId, orderId));
  return { from: order.totalPrice, to: totalPrice };
}

/**
 * 调整分组: the chosen people, all of one group, to another group of the same order; each visit not
 * yet checked in is priced again for the new group. All or nothing, audited per person.
 */
export function movePeople(db: Db, ids: readonly number[], groupId: number, actor: GroupActor, deps: DeskDeps) {
  return db.transaction(async (tx) => {
    const people = await lockPeople(tx, ids);
    const groups = new Set(people.map((p) => p.groupId));
    if (groups.size !== 1) refuse(REFUSALS.sameGroup);
    const [target] = await tx
      .select({
        id: companyGroups.id,
        groupOrderId: companyGroups.groupOrderId,
        packageId: companyGroups.packageId,
        price: companyGroups.price,
        payMode: companyGroups.payMode,
        name: companyGroups.groupName,
      })
      .from(companyGroups)
      .where(eq(companyGroups.id, groupId));
    if (!target) throw new AppError('RECORD_NOT_FOUND', '目标分组不存在');
    if (target.groupOrderId !== people[0]!.groupOrderId) refuse(REFUSALS.otherOrder);
    if (people[0]!.groupId === target.id) refuse(REFUSALS.alreadyInGroup);
    for (const p of people) {
      if (p.orderId !== null && !MOVABLE.has(p.status ?? '')) {
        refuse(REFUSALS.checkedIn(p.custName, statusLabel(p.status)));
      }
    }
    for (const p of people) {
      const priced = p.orderId !== null ? await repriceForGroup(tx, p, target, actor, deps) : null;
      await tx
        .update(groupPersons)
        .set({ groupId: target.id, updatedAt: sql`now()`, updatedBy: actor.userId })
        .where(eq(groupPersons.id, p.id));
      await tx.insert(auditLog).values({
        action: 'group_person_move',
        userId: actor.userId,
        userAccount: actor.userAccount,
        target: p.orderId ?? `group_person:${p.id}`,
        detail: {
          person_id: p.id,
          from_group_id: p.groupId,
          to_group_id: target.id,
          ...(priced ? { total_before: priced.from, total_after: priced.to } : {}),
        },
        ip: actor.ip ?? null,
      });
    }
    return { moved: people.length };
  });
}

/** The chosen people's visits; a person without one refuses the whole change. */
function withVisits(people: LockedPerson[]) {
  const without = people.find((p) => p.orderId === null);
  if (without) refuse(`「${without.custName}」${REFUSALS.noVisit}`);
  return people as (LockedPerson & { orderId: string })[];
}

const extrasOf = (lines: Awaited<ReturnType<typeof visitLines>>, orderId: string) =>
  lines.filter((l) => l.orderId === orderId && l.origin === 'extra').map((l) => l.unionId);

/** 批量加项: each added item once per visit (存在相同的收费项目), priced as the desk's 修改项目 does. */
export function addItems(
  db: Db,
  ids: readonly number[],
  unionIds: readonly number[],
  actor: GroupActor,
  deps: DeskDeps,
) {
  return db.transaction(async (tx) => {
    const people = withVisits(await lockPeople(tx, ids));
    const lines = await visitLines(
      tx,
      people.map((p) => p.orderId),
    );
    for (const p of people) {
      const same = lines.find((l) => l.orderId === p.orderId && unionIds.includes(l.unionId));
      if (same) refuse(`${REFUSALS.sameItem}：「${p.custName}」已有「${same.unionName}」`);
    }
    for (const p of people) {
      await updateOrderUnions(
        tx as unknown as Db,
        p.orderId,
        { unionIds: [...extrasOf(lines, p.orderId), ...unionIds] },
        actor,
        deps,
      );
    }
    return { changed: people.length };
  });
}

/** 批量退项: only added items, only while not done or paid (the desk's rules refuse the rest). */
export function removeItems(
  db: Db,
  ids: readonly number[],
  unionIds: readonly number[],
  actor: GroupActor,
  deps: DeskDeps,
) {
  return db.transaction(async (tx) => {
    const people = withVisits(await lockPeople(tx, ids));
    const lines = await visitLines(
      tx,
      people.map((p) => p.orderId),
    );
    const names = await unionOptions(tx, [...unionIds]);
    for (const p of people) {
      for (const id of unionIds) {
        const line = lines.find((l) => l.orderId === p.orderId && l.unionId === id);
        const name = line?.unionName ?? names.get(id)?.union_name ?? String(id);
        if (!line) refuse(`「${p.custName}」${REFUSALS.notOrdered(name)}`);
        else if (line.origin !== 'extra') refuse(`「${p.custName}」${REFUSALS.notAdded(name)}`);
      }
    }
    for (const p of people) {
      await updateOrderUnions(
        tx as unknown as Db,
        p.orderId,
        { unionIds: extrasOf(lines, p.orderId).filter((id) => !unionIds.includes(id)) },
        actor,
        deps,
      );
    }
    return { changed: people.length };
  });
}

/** 批量折扣: one rate on every line that may be discounted, the clerk's floor held (issue 19). */
export function discountPeople(db: Db, ids: readonly number[], rate: number, actor: GroupActor, deps: DeskDeps) {
  return db.transaction(async (tx) => {
    const people = withVisits(await lockPeople(tx, ids));
    const lines = await visitLines(
      tx,
      people.map((p) => p.orderId),
    );
    for (const p of people) {
      await updateOrderUnions(
        tx as unknown as Db,
        p.orderId,
        {
          unionIds: extrasOf(lines, p.orderId),
          discount: { rate, skip_company: false, skip_no_discount: true, lines: [] },
        },
        actor,
        deps,
      );
    }
    return { changed: people.length };
  });
}

/** The page of an order's people (one group, or all) with their items, for 分组调整. */
export async function itemsByOrder(reader: Db, orderIds: readonly string[]) {
  const lines = await visitLines(reader, orderIds);
  const byOrder = new Map<string, ReturnType<typeof itemOf>[]>();
  for (const l of lines) {
    const list = byOrder.get(l.orderId) ?? [];
    list.push(itemOf(l));
    byOrder.set(l.orderId, list);
  }
  return byOrder;
}

function itemOf(l: Awaited<ReturnType<typeof visitLines>>[number]) {
  return {
    union_id: l.unionId,
    union_name: l.unionName,
    dept_name: l.deptName,
    price: Number(l.price).toFixed(2),
    list_price: Number(l.listPrice).toFixed(2),
    origin: l.origin,
    pay_mode: l.payMode,
    fee_charged: l.feeCharged,
    exec_status: l.status,
  };
}
