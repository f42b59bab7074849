import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  AppError,
  ORDER_STATUSES,
  REVIEW_MG_MESSAGES,
  type OrderStatus,
  type ReviewPlan,
  type reviewMarkRoute,
} from '@checkup/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { auditLog, itemResults, orderUnions, orders, reviewPlans, unions } from '../../db/schema.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type MarkInput = z.output<(typeof reviewMarkRoute)['input']>;

export interface ReviewActor {
  userId: number;
  userAccount: string;
  userName: string;
  ip?: string;
}

const refuse = (msg: string): never => {
  throw new AppError('VALIDATION', msg);
};

/** 总检 starts once the departments are done: a re-exam is asked from there on. */
const MARKABLE = new Set<string>(ORDER_STATUSES.slice(ORDER_STATUSES.indexOf('depts_done')));

/** The first duplicate of a list of union ids, by name, refused (breadth §9: no duplicate review items). */
export async function refuseDuplicates(tx: Tx | Db, unionIds: readonly number[]) {
  const twice = unionIds.find((id, i) => unionIds.indexOf(id) !== i);
  if (twice === undefined) return;
  const [row] = await tx.select({ name: unions.unionName }).from(unions).where(eq(unions.id, twice));
  refuse(REVIEW_MG_MESSAGES.duplicate(row?.name ?? String(twice)));
}

/** The names of unions in the order given. */
async function unionNames(tx: Tx | Db, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: unions.id, name: unions.unionName })
    .from(unions)
    .where(inArray(unions.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  return ids.map((id) => byId.get(id) ?? String(id));
}

type PlanRow = typeof reviewPlans.$inferSelect;

/** A plan as the screens read it; its stored status, done once the re-exam visit passed 终审. */
export async function planOut(tx: Tx | Db, plan: PlanRow): Promise<ReviewPlan> {
  let status: ReviewPlan['status'] = plan.status as ReviewPlan['status'];
  if (plan.reviewOrderId) {
    const [visit] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.orderId, plan.reviewOrderId));
    if (visit && ORDER_STATUSES.indexOf(visit.status as OrderStatus) >= ORDER_STATUSES.indexOf('final_trial')) {
      status = 'done';
    }
  }
  return {
    id: plan.id,
    order_id: plan.orderId,
    union_ids: plan.unionIds,
    union_names: await unionNames(tx, plan.unionIds),
    interval_months: plan.intervalMonths,
    due_date: plan.dueDate,
    due_end: plan.dueEnd,
    notes: plan.notes,
    status,
    review_order_id: plan.reviewOrderId,
    created_by_name: plan.createdByName,
  };
}

/** The visit's open re-exam (waiting or registered), if any. */
async function openPlanOf(tx: Tx | Db, orderId: string, lock = false) {
  const query = tx
    .select()
    .from(reviewPlans)
    .where(and(eq(reviewPlans.orderId, orderId), ne(reviewPlans.status, 'cancelled')))
    .limit(1);
  const [plan] = lock ? await query.for('update') : await query;
  return plan;
}

/** The unions of a visit, to pick the re-exam's from. */
async function visitUnions(tx: Tx | Db, orderId: string) {
  return tx
    .select({
      union_id: orderUnions.unionId,
      union_name: unions.unionName,
      // A union with an abnormal result is what a re-exam usually repeats: the control offers it first.
      abnormal: sql<boolean>`exists (select 1 from ${itemResults} r
        where r.order_id = ${orderUnions.orderId} and r.union_id = ${orderUnions.unionId} and r.abnormal_flag <> '')`,
    })
    .from(orderUnions)
    .innerJoin(unions, eq(unions.id, orderUnions.unionId))
    .where(eq(orderUnions.orderId, orderId))
    .orderBy(asc(unions.sort), asc(unions.id));
}

export async function readVisitPlan(db: Db, orderId: string) {
  const [order] = await db.select({ id: orders.orderId }).from(orders).where(eq(orders.orderId, orderId));
  if (!order) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
  const plan = await openPlanOf(db, orderId);
  return { plan: plan ? await planOut(db, plan) : null, unions: await visitUnions(db, orderId) };
}

/**
 * 需复查 (总检): the visit's re-exam with its unions (picked from the visit's own, no duplicates) and
 * when — a number of months after the visit, or a day — created, or changed while it still waits.
 * A registered one stays as it was registered. Audited in the same transaction.
 */
export async function markReview(db: Db, input: MarkInput, actor: ReviewActor): Promise<ReviewPlan> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, examDate: orders.examDate })
      .from(orders)
      .where(eq(orders.orderId, input.order_id))
      .for('update');
    if (!order) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
    if (!MARKABLE.has(order.status)) refuse(REVIEW_MG_MESSAGES.tooEarly);
    await refuseDuplicates(tx, input.union_ids);
    const own = new Set((await visitUnions(tx, input.order_id)).map((u) => u.union_id));
    if (input.union_ids.some((id) => !own.has(id))) refuse(REVIEW_MG_MESSAGES.notPickable);

    let dueDate = input.due_date;
    if (dueDate === undefined) {
      const months = input.interval_months!;
      const result = (await tx.execute(
        sql`select (${order.examDate}::date + make_interval(months => ${months}))::date::text as day`,
      )) as unknown as { rows: { day: string }[] };
      dueDate = result.rows[0]!.day;
    }
    if (input.due_end && input.due_end < dueDate) refuse(REVIEW_MG_MESSAGES.endBeforeStart);

    const values = {
      unionIds: input.union_ids,
      intervalMonths: input.due_date === undefined ? (input.interval_months ?? null) : null,
      dueDate,
      dueEnd: input.due_end ?? null,
      notes: input.notes ?? null,
    };
    const existing = await openPlanOf(tx, input.order_id, true);
    if (existing && existing.status !== 'pending') refuse(REVIEW_MG_MESSAGES.registered(existing.reviewOrderId ?? ''));
    const [saved] = existing
      ? await tx
          .update(reviewPlans)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(reviewPlans.id, existing.id))
          .returning()
      : await tx
          .insert(reviewPlans)
          .values({
            ...values,
            orderId: input.order_id,
            createdBy: actor.userId,
            createdByName: actor.userName,
          })
          .returning();
    await tx.insert(auditLog).values({
      action: 'review_mark',
      userId: actor.userId,
      userAccount: actor.userAccount,
      target: input.order_id,
      detail: {
        plan_id: saved!.id,
        changed: Boolean(existing),
        union_ids: input.union_ids,
        interval_months: values.intervalMonths,
        due_date: dueDate,
        due_end: values.dueEnd,
        notes: values.notes,
      },
      ip: actor.ip ?? null,
    });
    return planOut(tx, saved!);
  });
}

/** The plan by id, locked for a write. */
export async function lockPlan(tx: Tx, id: number) {
  const [plan] = await tx.select().from(reviewPlans).where(eq(reviewPlans.id, id)).for('update');
  return plan ?? refuseMissing();
}

const refuseMissing = (): never => {
  throw new AppError('RECORD_NOT_FOUND', REVIEW_MG_MESSAGES.notFound);
};

/** 取消 with a reason, while the re-exam waits; a registered one is undone by 反登记 of its visit first. */
export async function cancelReview(db: Db, id: number, reason: string, actor: ReviewActor) {
  return db.transaction(async (tx) => {
    const plan = await lockPlan(tx, id);
    if (plan.status === 'cancelled') refuse(REVIEW_MG_MESSAGES.cancelled);
    if (plan.status !== 'pending') refuse(REVIEW_MG_MESSAGES.cancelRegistered);
    await tx
      .update(reviewPlans)
      .set({
        status: 'cancelled',
        cancelReason: reason,
        cancelledBy: actor.userId,
        cancelledAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(reviewPlans.id, id));
    await tx.insert(auditLog).values({
      action: 'review_cancel',
      userId: actor.userId,
      userAccount: actor.userAccount,
      target: plan.orderId,
      detail: { plan_id: id, reason },
      ip: actor.ip ?? null,
    });
    return { id, status: 'cancelled' as const };
  });
}
