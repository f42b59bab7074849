import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import {
  AppError,
  checkIdentity,
  checkOrderSelection,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  orderTotal,
  type OrderSaveInput,
  type orderSaveRoute,
  type OrderStatus,
  type PackageOption,
  type PayMode,
  type UnionOption,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  auditLog,
  companyGroups,
  customers,
  orderDepts,
  orderStatusLog,
  orderUnions,
  orders,
  packages,
} from '../../db/schema.js';
import { todayCst } from '../../lib/hospital-day.js';
import type { PersonalData } from '../people/personal-data.js';
import { queueChanged } from '../queue/queue-signal.js';
import { syncQueuesIn } from '../queue/queue-sync.js';
import { packageOptions, unionOptions } from './catalogue-repository.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type SaveInput = z.output<(typeof orderSaveRoute)['input']>;
export type { OrderSaveInput };

export interface Actor {
  userId: number;
  userAccount: string;
  ip?: string;
}

const refuse = (msg: string): never => {
  throw new AppError('VALIDATION', msg);
};

async function loadChoice(tx: Tx, packageId: number | undefined, unionIds: readonly number[]) {
  let pkg: PackageOption | null = null;
  if (packageId !== undefined) {
    pkg = (await packageOptions(tx as unknown as Db, { ids: [packageId] }))[0] ?? refuse('所选套餐不存在或已停用');
  }
  const found = await unionOptions(tx, unionIds);
  const extras = unionIds.map((id) => found.get(id) ?? refuse('所选组合项目不存在或已停用'));
  return { pkg, extras };
}

/** The group of a group registration: it must belong to the company. */
async function groupOf(tx: Tx, companyId: number | undefined, groupId: number | undefined) {
  if (companyId === undefined || groupId === undefined) return null;
  const [group] = await tx
    .select({ packageId: companyGroups.packageId, packageName: packages.packageName, payMode: companyGroups.payMode })
    .from(companyGroups)
    .leftJoin(packages, eq(packages.id, companyGroups.packageId))
    .where(and(eq(companyGroups.id, groupId), eq(companyGroups.companyId, companyId)));
  return group ?? refuse('所选分组不属于该单位');
}

/** A group with its own package registers that one and no other; a group without leaves the choice to the clerk. */
function packageFor(group: Awaited<ReturnType<typeof groupOf>>, packageId: number | undefined) {
  if (group?.packageId == null) return packageId;
  if (packageId !== undefined && packageId !== group.packageId) {
    refuse(`该分组的套餐为「${group.packageName ?? ''}」，不能选择其他套餐`);
  }
  return group.packageId;
}

/**
 * A returning examinee is found by ID number (either length, personal-data.ts) and updated; anyone
 * else is a new customer.
 */
async function upsertCustomer(tx: Tx, personalData: PersonalData, input: SaveInput): Promise<number> {
  const identity = personalData.sealIdentity({ idCard: input.cust_id_card, phone: input.phone });
  const fields = {
    custName: input.cust_name,
    sex: input.sex,
    birthday: input.birthday,
    ...identity,
    nation: input.nation ?? null,
    address: input.address ?? null,
    specialFlag: input.special_flag,
    ...(input.photo ? { photo: input.photo } : {}),
  };
  if (identity.custIdCardHash) {
    const [existing] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.custIdCardHash, identity.custIdCardHash))
      .limit(1)
      .for('update');
    if (existing) {
      await tx.update(customers).set(fields).where(eq(customers.id, existing.id));
      return existing.id;
    }
  }
  const [created] = await tx.insert(customers).values(fields).returning({ id: customers.id });
  return created!.id;
}

/** A visit is under way until its report is printed: a second one that day is asked about first. */
const OPEN_VISIT_STATUSES = ORDER_STATUSES.filter((s) => s !== 'report_printed' && s !== 'report_sent');

/**
 * The open visit of this ID number on the exam day, if any. The lock on the ID number is held to the
 * end of the transaction: a second clerk registering the same person at the same moment waits here
 * and then sees the first one's visit.
 */
async function openVisitOfDay(tx: Tx, personalData: PersonalData, idCard: string, examDate: string) {
  // By the keyed hash, as every look-up of an ID number: a 15-digit number finds its 18-digit form.
  const idCardHash = personalData.idCardLookup(idCard);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`visit:${idCardHash}`}))`);
  const [visit] = await tx
    .select({ order_id: orders.orderId, exam_date: orders.examDate, status: orders.status })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        eq(customers.custIdCardHash, idCardHash),
        eq(orders.examDate, examDate),
        inArray(orders.status, OPEN_VISIT_STATUSES),
      ),
    )
    .orderBy(asc(orders.orderId))
    .limit(1);
  return visit && { ...visit, status: visit.status as OrderStatus };
}

/** YYYYMMDD and a six-digit sequence of the exam day; one writer per day at a time. */
async function nextOrderId(tx: Tx, examDate: string): Promise<string> {
  const day = examDate.replaceAll('-', '');
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order_id:${day}`}))`);
  const [row] = await tx
    .select({ last: sql<string | null>`max(${orders.orderId})` })
    .from(orders)
    .where(like(orders.orderId, `${day}%`));
  const sequence = row?.last ? Number(row.last.slice(8)) + 1 : 1;
  if (sequence > 999_999) throw new AppError('CONFLICT', '当日体检号已用完');
  return `${day}${String(sequence).padStart(6, '0')}`;
}

interface UnionLine {
  union: UnionOption;
  origin: 'package' | 'extra';
  payMode: PayMode;
}

async function writeUnions(tx: Tx, orderId: string, examDate: string, rows: UnionLine[]) {
  if (rows.length === 0) return;
  await tx.insert(orderUnions).values(
    rows.map(({ union, origin, payMode }) => ({
      orderId,
      unionId: union.id,
      deptId: union.dept_id,
      price: union.price,
      origin,
      payMode,
    })),
  );
  const deptIds = [...new Set(rows.map((r) => r.union.dept_id))];
  await tx
    .insert(orderDepts)
    .values(deptIds.map((deptId) => ({ orderId, deptId, examDate })))
    .onConflictDoNothing();
}

export type SaveOutcome =
  | { outcome: 'saved'; orderId: string; customerId: number; totalPrice: string; status: 'registered' }
  | { outcome: 'duplicate_visit'; existing: { order_id: string; exam_date: string; status: OrderStatus } };

/**
 * Registers one visit (spec §5 refusals checked first, by the rules the web also uses), writing the
 * examinee, the order, its unions and its departments, the status log and the audit in one transaction.
 * A person (by ID number) with an open visit that day is not registered again unless the clerk
 * confirmed it: the answer names that visit.
 */
export function saveOrder(db: Db, personalData: PersonalData, input: SaveInput, actor: Actor): Promise<SaveOutcome> {
  return db.transaction(async (tx) => {
    if (input.cust_id_card) {
      const identity = checkIdentity(input.cust_id_card, input.sex, input.birthday);
      if (!identity.ok) refuse(identity.msg);
    }
    const group = await groupOf(tx, input.company_id, input.group_id);
    const { pkg, extras } = await loadChoice(tx, packageFor(group, input.package_id), input.union_ids);
    const selection = checkOrderSelection({
      sex: input.sex,
      pkg,
      packageUnions: pkg?.unions ?? [],
      extraUnions: extras,
    });
    if (!selection.ok) refuse(selection.msg);

    const open = input.cust_id_card
      ? await openVisitOfDay(tx, personalData, input.cust_id_card, input.exam_date)
      : undefined;
    if (open && input.confirm_duplicate !== '1') return { outcome: 'duplicate_visit' as const, existing: open };

    const customerId = await upsertCustomer(tx, personalData, input);
    const orderId = await nextOrderId(tx, input.exam_date);
    const totalPrice = orderTotal(
      pkg?.price ?? null,
      extras.map((u) => u.price),
    );
    await tx.insert(orders).values({
      orderId,
      customerId,
      examType: input.exam_type,
      packageId: pkg?.id ?? null,
      companyId: input.company_id ?? null,
      groupId: input.group_id ?? null,
      status: 'registered',
      examDate: input.exam_date,
      totalPrice,
      registeredBy: actor.userId,
    });
    // The group says who pays for its package (统收 or 自费); what a member adds is their own (自费).
    const packagePayMode = group?.payMode ?? 'self';
    await writeUnions(tx, orderId, input.exam_date, [
      ...(pkg?.unions ?? []).map((union) => ({ union, origin: 'package' as const, payMode: packagePayMode })),
      ...extras.map((union) => ({ union, origin: 'extra' as const, payMode: 'self' as const })),
    ]);
    await tx.insert(orderStatusLog).values({ orderId, fromStatus: null, toStatus: 'registered', userId: actor.userId });
    await tx.insert(auditLog).values({
      action: 'order_register',
      userId: actor.userId,
      userAccount: actor.userAccount,
      target: orderId,
      detail: {
        customer_id: customerId,
        package_id: pkg?.id ?? null,
        union_ids: input.union_ids,
        total_price: totalPrice,
        ...(open ? { duplicate_of: open.order_id } : {}),
      },
      ip: actor.ip ?? null,
    });
    return { outcome: 'saved' as const, orderId, customerId, totalPrice, status: 'registered' as const };
  });
}

const EDITABLE: readonly OrderStatus[] = ['registered', 'checked_in'];

/** Replaces the extras of a visit not yet in exam; the package's unions stay as they are. */
export async function updateOrderUnions(db: Db, orderId: string, unionIds: number[], actor: Actor) {
  const updated = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        status: orders.status,
        examDate: orders.examDate,
        packageId: orders.packageId,
        sex: customers.sex,
        packagePrice: packages.price,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .leftJoin(packages, eq(packages.id, orders.packageId))
      .where(eq(orders.orderId, orderId))
      .for('update', { of: orders });
    if (!order) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
    if (!EDITABLE.includes(order.status as OrderStatus)) {
      const label = ORDER_STATUS_LABELS[order.status as OrderStatus] ?? order.status;
      throw new AppError('ILLEGAL_TRANSITION', `订单当前状态为「${label}」，不能修改项目`);
    }
    const current = await tx
      .select({ unionId: orderUnions.unionId, origin: orderUnions.origin })
      .from(orderUnions)
      .where(eq(orderUnions.orderId, orderId));
    const packageIds = current.filter((r) => r.origin === 'package').map((r) => r.unionId);
    const packageUnions = [...(await unionOptions(tx, packageIds)).values()];
    const { extras } = await loadChoice(tx, undefined, unionIds);
    const selection = checkOrderSelection({
      sex: order.sex,
      // The package was checked when the visit was registered; only its presence matters here.
      pkg: order.packageId === null ? null : { package_name: '', gender_limit: '0' },
      packageUnions,
      extraUnions: extras,
    });
    if (!selection.ok) refuse(selection.msg);

    await tx.delete(orderUnions).where(and(eq(orderUnions.orderId, orderId), eq(orderUnions.origin, 'extra')));
    await writeUnions(
      tx,
      orderId,
      order.examDate,
      extras.map((union) => ({ union, origin: 'extra' as const, payMode: 'self' as const })),
    );
    // A department left without unions and not yet started is no longer visited.
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
    const totalPrice = orderTotal(
      order.packagePrice,
      extras.map((u) => u.price),
    );
    await tx
      .update(orders)
      .set({ totalPrice, updatedAt: sql`now()` })
      .where(eq(orders.orderId, orderId));
    await tx.insert(auditLog).values({
      action: 'order_update_unions',
      userId: actor.userId,
      userAccount: actor.userAccount,
      target: orderId,
      detail: { union_ids: unionIds, total_price: totalPrice },
      ip: actor.ip ?? null,
    });
    // A checked-in examinee joins the queue of a department added, and leaves that of one removed.
    if (order.status === 'checked_in') await syncQueuesIn(tx, todayCst(), { orderId });
    return { orderId, totalPrice };
  });
  queueChanged(db);
  return updated;
}
