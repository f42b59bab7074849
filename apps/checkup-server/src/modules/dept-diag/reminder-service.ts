import { and, asc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AppError,
  REMINDER_MESSAGES,
  REMINDER_TO_REVIEW,
  type OrderReminder,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { auditLog, departments, orderDepts, orderReminders } from '../../db/schema.js';

type Reader = Pick<Db, 'select'>;

const fromDept = alias(departments, 'from_dept');
const toDept = alias(departments, 'to_dept');

/** Reminders matching `where`, oldest first, in the contract's shape. */
async function remindersWhere(db: Reader, where: SQL | undefined): Promise<OrderReminder[]> {
  const rows = await db
    .select({
      id: orderReminders.id,
      orderId: orderReminders.orderId,
      fromDeptName: fromDept.deptName,
      fromUserName: orderReminders.fromUserName,
      toDeptName: toDept.deptName,
      content: orderReminders.content,
      createdAt: orderReminders.createdAt,
      doneByName: orderReminders.doneByName,
      doneAt: orderReminders.doneAt,
    })
    .from(orderReminders)
    .innerJoin(fromDept, eq(fromDept.id, orderReminders.fromDeptId))
    .leftJoin(toDept, eq(toDept.id, orderReminders.toDeptId))
    .where(where)
    .orderBy(asc(orderReminders.createdAt), asc(orderReminders.id));
  return rows.map((r) => ({
    id: r.id,
    order_id: r.orderId,
    from_dept_name: r.fromDeptName,
    from_user_name: r.fromUserName,
    to_dept_name: r.toDeptName,
    content: r.content,
    created_at: r.createdAt.toISOString(),
    done_by_name: r.doneByName,
    done_at: r.doneAt?.toISOString() ?? null,
  }));
}

/** The visit's other departments, which a department may remind. */
async function otherDepts(db: Reader, orderId: string, deptId: number) {
  return db
    .select({ exam_dept_id: departments.id, dept_name: departments.deptName })
    .from(orderDepts)
    .innerJoin(departments, eq(departments.id, orderDepts.deptId))
    .where(and(eq(orderDepts.orderId, orderId), ne(orderDepts.deptId, deptId)))
    .orderBy(asc(departments.id));
}

/** What the entry screen of one department shows: notes to it, notes it wrote, and whom it may remind. */
export async function deptReminders(db: Db, orderId: string, deptId: number) {
  const [received, sent, targets] = await Promise.all([
    remindersWhere(db, and(eq(orderReminders.orderId, orderId), eq(orderReminders.toDeptId, deptId))),
    remindersWhere(db, and(eq(orderReminders.orderId, orderId), eq(orderReminders.fromDeptId, deptId))),
    otherDepts(db, orderId, deptId),
  ]);
  return { received, sent, targets };
}

/** The notes of a visit to 总检. */
export const reviewReminders = (db: Db, orderId: string) =>
  remindersWhere(db, and(eq(orderReminders.orderId, orderId), eq(orderReminders.toReview, '1')));

export interface ReminderInput {
  orderId: string;
  fromDeptId: number;
  /** 'review', or a department id as text */
  to: string;
  content: string;
}

/** 我要提醒: a department's doctor leaves a note for another department of the visit or for 总检; audited. */
export async function addReminder(db: Db, input: ReminderInput, user: UserInfo, ip: string): Promise<OrderReminder> {
  const toReview = input.to === REMINDER_TO_REVIEW;
  const toDeptId = toReview ? null : Number(input.to);
  if (toDeptId === input.fromDeptId) throw new AppError('VALIDATION', REMINDER_MESSAGES.self);
  const id = await db.transaction(async (tx) => {
    const [own] = await tx
      .select({ deptId: orderDepts.deptId })
      .from(orderDepts)
      .where(and(eq(orderDepts.orderId, input.orderId), eq(orderDepts.deptId, input.fromDeptId)));
    if (!own) throw new AppError('RECORD_NOT_FOUND', '该订单没有本科室的检查项目');
    if (toDeptId !== null) {
      const [target] = await tx
        .select({ deptId: orderDepts.deptId })
        .from(orderDepts)
        .where(and(eq(orderDepts.orderId, input.orderId), eq(orderDepts.deptId, toDeptId)));
      if (!target) throw new AppError('VALIDATION', REMINDER_MESSAGES.badTarget);
    }
    const [row] = await tx
      .insert(orderReminders)
      .values({
        orderId: input.orderId,
        fromDeptId: input.fromDeptId,
        fromUserId: user.id,
        fromUserName: user.user_name,
        toDeptId,
        toReview: toReview ? '1' : '0',
        content: input.content,
      })
      .returning({ id: orderReminders.id });
    await tx.insert(auditLog).values({
      action: 'order_reminder_add',
      userId: user.id,
      userAccount: user.user_account,
      target: input.orderId,
      detail: { id: row!.id, from_dept_id: input.fromDeptId, to: toReview ? 'review' : toDeptId },
      ip,
    });
    return row!.id;
  });
  return (await remindersWhere(db, eq(orderReminders.id, id)))[0]!;
}

/**
 * 已处理: the reader acknowledges a note addressed to them (`to` says which: a department, or 总检).
 * A note already handled is refused, so the first reader's name stays on it.
 */
export async function markReminderDone(
  db: Db,
  id: number,
  to: { deptId: number } | 'review',
  user: UserInfo,
  ip: string,
): Promise<OrderReminder> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ orderId: orderReminders.orderId, toDeptId: orderReminders.toDeptId, toReview: orderReminders.toReview })
      .from(orderReminders)
      .where(eq(orderReminders.id, id))
      .for('update');
    if (!row) throw new AppError('RECORD_NOT_FOUND', REMINDER_MESSAGES.notFound);
    const ours = to === 'review' ? row.toReview === '1' : row.toDeptId === to.deptId;
    if (!ours) throw new AppError('VALIDATION', REMINDER_MESSAGES.notYours);
    const done = await tx
      .update(orderReminders)
      .set({ doneBy: user.id, doneByName: user.user_name, doneAt: sql`now()` })
      .where(and(eq(orderReminders.id, id), isNull(orderReminders.doneAt)))
      .returning({ id: orderReminders.id });
    if (done.length === 0) throw new AppError('ILLEGAL_TRANSITION', REMINDER_MESSAGES.done);
    await tx.insert(auditLog).values({
      action: 'order_reminder_done',
      userId: user.id,
      userAccount: user.user_account,
      target: row.orderId,
      detail: { id, to: to === 'review' ? 'review' : to.deptId },
      ip,
    });
  });
  return (await remindersWhere(db, eq(orderReminders.id, id)))[0]!;
}

/** The visit a reminder belongs to, for the confidential-person check before it is shown or handled. */
export async function orderOfReminder(db: Reader, id: number): Promise<string> {
  const [row] = await db
    .select({ orderId: orderReminders.orderId })
    .from(orderReminders)
    .where(eq(orderReminders.id, id));
  if (!row) throw new AppError('RECORD_NOT_FOUND', REMINDER_MESSAGES.notFound);
  return row.orderId;
}
