import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import {
  AppError,
  UNION_EXEC,
  ageInYears,
  checkIdentity,
  checkOrderSelection,
  fenText,
  lowestRate,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  SELECTION_MESSAGES,
  toFen,
  type DeskDiscount,
  type OrderSaveInput,
  type orderSaveRoute,
  type OrderStatus,
  type PackageOption,
  type PayMode,
  type PriceLineInput,
  type UnionOption,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  auditLog,
  companyGroups,
  customers,
  itemResults,
  orderDepts,
  orderStatusLog,
  orderUnions,
  orders,
  packages,
  unions,
} from '../../db/schema.js';
import { todayCst } from '../../lib/hospital-day.js';
import type { PersonalData } from '../people/personal-data.js';
import { queueChanged } from '../queue/queue-signal.js';
import { syncQueuesIn } from '../queue/queue-sync.js';
import type { PasswordKeys } from '../auth/keys.js';
import { packageOptions, unionOptions } from './catalogue-repository.js';
import { deskBranchId } from '../system-register/desk-branch.js';
import { confirmFloor, LeaderRefusal, priceLines, type DeskActor, type LeaderConfirmed } from './order-pricing.js';
import { finishBooking } from '../crm/exam-booking.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type SaveInput = z.output<(typeof orderSaveRoute)['input']>;
export type { OrderSaveInput };

export type Actor = DeskActor;

/** What pricing needs beside the database: the login keys, to read a confirming leader's password. */
export interface DeskDeps {
  keys: PasswordKeys;
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
export async function nextOrderId(tx: Tx, examDate: string): Promise<string> {
  return (await nextOrderIds(tx, examDate, 1))[0]!;
}

/**
 * `count` consecutive visit numbers of the exam day (a registration takes one, 预登记 a batch): the
 * day's lock is held to the end of the transaction, so no other writer takes the same numbers.
 */
export async function nextOrderIds(tx: Tx, examDate: string, count: number): Promise<string[]> {
  const day = examDate.replaceAll('-', '');
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order_id:${day}`}))`);
  const [row] = await tx
    .select({ last: sql<string | null>`max(${orders.orderId})` })
    .from(orders)
    .where(like(orders.orderId, `${day}%`));
  const first = row?.last ? Number(row.last.slice(8)) + 1 : 1;
  if (first + count - 1 > 999_999) throw new AppError('CONFLICT', '当日体检号已用完');
  return Array.from({ length: count }, (_, i) => `${day}${String(first + i).padStart(6, '0')}`);
}

export interface UnionLine {
  union: UnionOption;
  origin: 'package' | 'extra';
  payMode: PayMode;
  /** 优惠价 in fen, as priced. */
  priceFen: number;
}

/** A union as the pricing rules see it. */
export const priceLine = (union: UnionOption, origin: PriceLineInput['origin'], payMode: PayMode): PriceLineInput => ({
  union_id: union.id,
  union_name: union.union_name,
  list_fen: toFen(union.price),
  origin,
  pay_mode: payMode,
  no_discount: union.no_discount,
});

export async function writeUnions(tx: Tx, orderId: string, examDate: string, rows: UnionLine[]) {
  await writeVisitsUnions(tx, [{ orderId, examDate, rows }]);
}

/** Rows per insert statement: well below PostgreSQL's 65,535 parameters for the widest row here. */
const INSERT_CHUNK = 4_000;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insert(rows.slice(i, i + INSERT_CHUNK));
}

/**
 * The priced lines of several visits and the departments they send each one to, in a few statements
 * whatever the number of visits (a registration writes one visit, 预登记 hundreds at a time).
 */
export async function writeVisitsUnions(
  tx: Tx,
  visits: readonly { orderId: string; examDate: string; rows: readonly UnionLine[] }[],
) {
  const lines = visits.flatMap(({ orderId, rows }) =>
    rows.map(({ union, origin, payMode, priceFen }) => ({
      orderId,
      unionId: union.id,
      deptId: union.dept_id,
      price: fenText(priceFen),
      listPrice: union.price,
      origin,
      payMode,
    })),
  );
  const depts = visits.flatMap(({ orderId, examDate, rows }) =>
    [...new Set(rows.map((r) => r.union.dept_id))].map((deptId) => ({ orderId, deptId, examDate })),
  );
  // Column arrays through unnest: 预登记 writes hundreds of thousands of lines, and a many-row VALUES
  // list costs a parameter per cell to build and parse (bench:import).
  await insertChunked(lines, (chunk) =>
    tx.execute(
      sql`insert into ${orderUnions} (order_id, union_id, dept_id, price, list_price, origin, pay_mode)
          select * from unnest(
            ${sql.param(chunk.map((l) => l.orderId))}::varchar[], ${sql.param(chunk.map((l) => l.unionId))}::int[],
            ${sql.param(chunk.map((l) => l.deptId))}::int[], ${sql.param(chunk.map((l) => l.price))}::numeric[],
            ${sql.param(chunk.map((l) => l.listPrice))}::numeric[], ${sql.param(chunk.map((l) => l.origin))}::varchar[],
            ${sql.param(chunk.map((l) => l.payMode))}::varchar[])`,
    ),
  );
  await insertChunked(depts, (chunk) =>
    tx.execute(
      sql`insert into ${orderDepts} (order_id, dept_id, exam_date)
          select * from unnest(${sql.param(chunk.map((d) => d.orderId))}::varchar[],
            ${sql.param(chunk.map((d) => d.deptId))}::int[], ${sql.param(chunk.map((d) => d.examDate))}::date[])
          on conflict do nothing`,
    ),
  );
}

export type SaveOutcome =
  | { outcome: 'saved'; orderId: string; customerId: number; totalPrice: string; status: 'registered' }
  | { outcome: 'duplicate_visit'; existing: { order_id: string; exam_date: string; status: OrderStatus } };

/** The package's optional groups as the rules see them, and the unions chosen from them. */
function optionChoice(pkg: PackageOption | null, chosenIds: readonly number[]) {
  if (!pkg) {
    if (chosenIds.length > 0) refuse(SELECTION_MESSAGES.optionUnknown);
    return { groups: [], chosen: [] };
  }
  const all = pkg.option_groups.flatMap((g) => g.unions);
  return {
    groups: pkg.option_groups.map((g) => ({ group_name: g.group_name, union_ids: g.unions.map((u) => u.id) })),
    chosen: chosenIds.map((id) => all.find((u) => u.id === id) ?? refuse(SELECTION_MESSAGES.optionUnknown)),
  };
}

/** The audit rows of what the desk confirmed: a leader below the clerk's floor, a package for the other sex. */
export async function auditConfirmations(
  tx: Tx,
  actor: Actor,
  orderId: string,
  confirmed: { leader: LeaderConfirmed | null; lowestRate: number; genderOf?: string },
) {
  const rows = [];
  if (confirmed.leader) {
    rows.push({
      action: 'discount_leader_confirm',
      detail: {
        leader_id: confirmed.leader.id,
        leader_account: confirmed.leader.account,
        leader_floor: confirmed.leader.floor,
        clerk_floor: actor.discountFloor,
        lowest_rate: confirmed.lowestRate,
      },
    });
  }
  if (confirmed.genderOf) rows.push({ action: 'package_gender_confirm', detail: { package_name: confirmed.genderOf } });
  if (rows.length === 0) return;
  await tx.insert(auditLog).values(
    rows.map((r) => ({
      ...r,
      userId: actor.userId,
      userAccount: actor.userAccount,
      target: orderId,
      ip: actor.ip ?? null,
    })),
  );
}

/** A failed leader confirmation rolled the write back; its audit row is written after. */
export async function withLeaderAudit<T>(
  db: Db,
  actor: Actor,
  target: string | null,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof LeaderRefusal) {
      await db.insert(auditLog).values({
        action: err.audit.action,
        userId: actor.userId,
        userAccount: actor.userAccount,
        target,
        detail: err.audit.detail,
        ip: actor.ip ?? null,
      });
    }
    throw err;
  }
}

/**
 * Registers one visit (spec §5 refusals and the package limits checked first, by the rules the web
 * also uses), writing the examinee, the order, its priced unions and its departments, the status log
 * and the audit in one transaction. Prices come from the catalogue, the package split and the discount
 * asked (issue 19), never from the web. A person (by ID number) with an open visit that day is not
 * registered again unless the clerk confirmed it: the answer names that visit.
 */
export function saveOrder(
  db: Db,
  personalData: PersonalData,
  input: SaveInput,
  actor: Actor,
  deps: DeskDeps,
): Promise<SaveOutcome> {
  const work = () =>
    db.transaction(async (tx) => {
      if (input.cust_id_card) {
        const identity = checkIdentity(input.cust_id_card, input.sex, input.birthday);
        if (!identity.ok) refuse(identity.msg);
      }
      const group = await groupOf(tx, input.company_id, input.group_id);
      const { pkg, extras } = await loadChoice(tx, packageFor(group, input.package_id), input.union_ids);
      const options = optionChoice(pkg, input.option_union_ids);
      const packageUnions = [...(pkg?.unions ?? []), ...options.chosen];
      const genderConfirmed = input.confirm_gender === '1';
      const selection = checkOrderSelection({
        sex: input.sex,
        pkg,
        packageUnions,
        extraUnions: extras,
        optionGroups: options.groups,
        chosenOptionIds: input.option_union_ids,
        age: ageInYears(input.birthday, input.exam_date),
        genderConfirmed,
      });
      if (!selection.ok) refuse(selection.msg);

      // The group says who pays for its package (统收 or 自费); what a member adds is their own (自费).
      const packagePayMode = group?.payMode ?? 'self';
      const lines = [
        ...packageUnions.map((u) => ({ union: u, origin: 'package' as const, payMode: packagePayMode })),
        ...extras.map((u) => ({ union: u, origin: 'extra' as const, payMode: 'self' as const })),
      ];
      const priced = await priceLines(
        tx,
        pkg ? toFen(pkg.price) : null,
        lines.map((l) => priceLine(l.union, l.origin, l.payMode)),
        input.discount,
      );
      const leader = await confirmFloor(tx, deps.keys, actor, priced, {
        account: input.leader_account,
        password: input.leader_password,
      });

      const open = input.cust_id_card
        ? await openVisitOfDay(tx, personalData, input.cust_id_card, input.exam_date)
        : undefined;
      if (open && input.confirm_duplicate !== '1') return { outcome: 'duplicate_visit' as const, existing: open };

      const customerId = await upsertCustomer(tx, personalData, input);
      const orderId = await nextOrderId(tx, input.exam_date);
      const totalPrice = fenText(priced.totals.payable_fen);
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
        deskDiscount: input.discount ?? null,
        registeredBy: actor.userId,
        branchId: await deskBranchId(tx, actor.userId),
      });
      await writeUnions(
        tx,
        orderId,
        input.exam_date,
        lines.map((l, i) => ({ ...l, priceFen: priced.lines[i]!.price_fen })),
      );
      await tx
        .insert(orderStatusLog)
        .values({ orderId, fromStatus: null, toStatus: 'registered', userId: actor.userId });
      // 体检预约 转登记: the booking ends with this visit, or the registration is refused with it.
      if (input.booking_id) await finishBooking(tx, input.booking_id, { orderId, customerId, userId: actor.userId });
      await tx.insert(auditLog).values({
        action: 'order_register',
        userId: actor.userId,
        userAccount: actor.userAccount,
        target: orderId,
        detail: {
          customer_id: customerId,
          package_id: pkg?.id ?? null,
          union_ids: input.union_ids,
          option_union_ids: input.option_union_ids,
          total_price: totalPrice,
          list_total: fenText(priced.totals.list_fen),
          ...(input.discount ? { discount: input.discount } : {}),
          ...(open ? { duplicate_of: open.order_id } : {}),
          ...(input.booking_id ? { booking_id: input.booking_id } : {}),
        },
        ip: actor.ip ?? null,
      });
      await auditConfirmations(tx, actor, orderId, {
        leader,
        lowestRate: lowestRate(priced),
        genderOf:
          pkg && genderConfirmed && pkg.gender_limit !== '0' && pkg.gender_limit !== input.sex
            ? pkg.package_name
            : undefined,
      });
      return { outcome: 'saved' as const, orderId, customerId, totalPrice, status: 'registered' as const };
    });
  return withLeaderAudit(db, actor, null, work);
}

// 已预登记 (issue 22): a group visit's items change before the person registers (分组调整).
const EDITABLE: readonly OrderStatus[] = ['prepared', 'registered', 'checked_in'];

/** The discount kept with a visit, without the line changes of unions no longer ordered. */
const discountFor = (discount: DeskDiscount | null | undefined, unionIds: readonly number[]) =>
  discount ? { ...discount, lines: discount.lines.filter((l) => unionIds.includes(l.union_id)) } : undefined;

export interface UnionsUpdate {
  unionIds: number[];
  /** A new discount; absent, the one the visit was registered with stays. */
  discount?: DeskDiscount;
  leaderAccount?: string;
  leaderPassword?: string;
}

/**
 * Replaces the extras of a visit not yet in exam and prices every line again (the package's and the
 * departments' lines stay ordered). A paid line keeps its price and cannot be removed here: refunds are
 * 费用管理's (a later issue).
 */
export async function updateOrderUnions(db: Db, orderId: string, change: UnionsUpdate, actor: Actor, deps: DeskDeps) {
  const updated = await withLeaderAudit(db, actor, orderId, () =>
    db.transaction(async (tx) => {
      const [order] = await tx
        .select({
          status: orders.status,
          examDate: orders.examDate,
          packageId: orders.packageId,
          sex: customers.sex,
          packagePrice: packages.price,
          deskDiscount: orders.deskDiscount,
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
        .select({
          unionId: orderUnions.unionId,
          origin: orderUnions.origin,
          payMode: orderUnions.payMode,
          price: orderUnions.price,
          listPrice: orderUnions.listPrice,
          feeCharged: orderUnions.feeCharged,
          unionName: unions.unionName,
          noDiscount: unions.noDiscount,
        })
        .from(orderUnions)
        .innerJoin(unions, eq(unions.id, orderUnions.unionId))
        .where(eq(orderUnions.orderId, orderId))
        .orderBy(asc(orderUnions.unionId));
      const kept = current.filter((r) => r.origin !== 'extra');
      const packageIds = kept.filter((r) => r.origin === 'package').map((r) => r.unionId);
      const packageUnions = [...(await unionOptions(tx, packageIds)).values()];
      const { extras } = await loadChoice(tx, undefined, change.unionIds);
      const selection = checkOrderSelection({
        sex: order.sex,
        // The package was checked when the visit was registered; only its presence matters here.
        pkg: order.packageId === null ? null : { package_name: '', gender_limit: '0' },
        packageUnions: [
          ...packageUnions,
          // 科室加项 lines count for duplicates and exclusions like the package's.
          ...current
            .filter((r) => r.origin === 'dept')
            .map((r) => ({ id: r.unionId, union_name: r.unionName, gender_limit: '0' as const, mutex_union_ids: [] })),
        ],
        extraUnions: extras,
      });
      if (!selection.ok) refuse(selection.msg);
      const removedPaid = current.find(
        (r) => r.origin === 'extra' && r.feeCharged && !change.unionIds.includes(r.unionId),
      );
      if (removedPaid) refuse(`组合项目「${removedPaid.unionName}」已收费，不能删除`);

      const lines = [
        ...kept.map((r) => ({
          union_id: r.unionId,
          union_name: r.unionName,
          list_fen: toFen(r.listPrice),
          origin: r.origin,
          pay_mode: r.payMode,
          no_discount: r.noDiscount,
        })),
        ...extras.map((u) => priceLine(u, 'extra', 'self')),
      ];
      const discount =
        change.discount ??
        discountFor(
          order.deskDiscount,
          lines.map((l) => l.union_id),
        );
      const priced = await priceLines(
        tx,
        order.packageId === null ? null : toFen(order.packagePrice ?? 0),
        lines,
        discount,
      );
      const paidBefore = new Map(current.filter((r) => r.feeCharged).map((r) => [r.unionId, toFen(r.price)]));
      const repriced = priced.lines.find(
        (l) => paidBefore.has(l.union_id) && paidBefore.get(l.union_id) !== l.price_fen,
      );
      if (repriced) refuse(`组合项目「${repriced.union_name}」已收费，不能改价`);
      const leader = await confirmFloor(tx, deps.keys, actor, priced, {
        account: change.leaderAccount,
        password: change.leaderPassword,
      });

      // The extras are changed in place: a kept line keeps its state (弃检, 迟检 …), who set it and
      // whether it is paid; only what was dropped goes, and only while nothing was done with it.
      const wanted = new Set(change.unionIds);
      const dropped = current.filter((r) => r.origin === 'extra' && !wanted.has(r.unionId));
      const droppedIds = dropped.map((r) => r.unionId);
      if (droppedIds.length > 0) {
        const [touched] = await tx
          .select({ name: unions.unionName })
          .from(orderUnions)
          .innerJoin(unions, eq(unions.id, orderUnions.unionId))
          .where(
            and(
              eq(orderUnions.orderId, orderId),
              inArray(orderUnions.unionId, droppedIds),
              sql`(${orderUnions.status} <> ${UNION_EXEC.todo} or exists (select 1 from ${itemResults} r
                where r.order_id = ${orderUnions.orderId} and r.union_id = ${orderUnions.unionId}))`,
            ),
          )
          .limit(1);
        if (touched) refuse(`组合项目「${touched.name}」已有检查记录或执行状态，不能删除`);
        await tx
          .delete(orderUnions)
          .where(and(eq(orderUnions.orderId, orderId), inArray(orderUnions.unionId, droppedIds)));
      }
      const before = new Set(current.filter((r) => r.origin === 'extra').map((r) => r.unionId));
      const extraLines = extras.map((union, i) => ({ union, priceFen: priced.lines[kept.length + i]!.price_fen }));
      await writeUnions(
        tx,
        orderId,
        order.examDate,
        extraLines
          .filter((l) => !before.has(l.union.id))
          .map((l) => ({ ...l, origin: 'extra' as const, payMode: 'self' as const })),
      );
      for (const line of extraLines.filter((l) => before.has(l.union.id))) {
        await tx
          .update(orderUnions)
          .set({ price: fenText(line.priceFen) })
          .where(and(eq(orderUnions.orderId, orderId), eq(orderUnions.unionId, line.union.id)));
      }
      for (const line of priced.lines.slice(0, kept.length)) {
        await tx
          .update(orderUnions)
          .set({ price: fenText(line.price_fen) })
          .where(and(eq(orderUnions.orderId, orderId), eq(orderUnions.unionId, line.union_id)));
      }
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
      const totalPrice = fenText(priced.totals.payable_fen);
      await tx
        .update(orders)
        .set({ totalPrice, deskDiscount: discount ?? null, updatedAt: sql`now()` })
        .where(eq(orders.orderId, orderId));
      await tx.insert(auditLog).values({
        action: 'order_update_unions',
        userId: actor.userId,
        userAccount: actor.userAccount,
        target: orderId,
        detail: { union_ids: change.unionIds, total_price: totalPrice, ...(discount ? { discount } : {}) },
        ip: actor.ip ?? null,
      });
      await auditConfirmations(tx, actor, orderId, { leader, lowestRate: lowestRate(priced) });
      // A checked-in examinee joins the queue of a department added, and leaves that of one removed.
      if (order.status === 'checked_in') await syncQueuesIn(tx, todayCst(), { orderId });
      return { orderId, totalPrice };
    }),
  );
  queueChanged(db);
  return updated;
}
