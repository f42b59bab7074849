import { and, eq, max, sql } from 'drizzle-orm';
import {
  AppError,
  ORDER_STATUS_LABELS,
  QUEUE_STATUS_LABELS,
  type OrderStatus,
  type QueueEventType,
  type QueueStatus,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { departments, orderDepts, orders, queueEntries, queueEvents } from '../../db/schema.js';
import { callingOrder } from './queue-repository.js';
import { queueChanged } from './queue-signal.js';
import { QUEUEABLE_STATUSES, lockQueueNumbers, type Tx } from './queue-sync.js';

type EntryRow = typeof queueEntries.$inferSelect;

async function writeEvent(tx: Tx, entry: EntryRow, type: QueueEventType, userId: number) {
  await tx.insert(queueEvents).values({
    queueDate: entry.queueDate,
    deptId: entry.deptId,
    entryId: entry.id,
    queueNo: entry.queueNo,
    eventType: type,
    userId,
  });
}

/**
 * 呼叫下一位: the first waiting entry is picked with FOR UPDATE SKIP LOCKED, then that one row is
 * updated, so two doctors calling at the same moment each get a different examinee (or none);
 * answers the entry id, or null when nobody is waiting.
 *
 * Two statements on purpose: as a subquery of the UPDATE (`where id in (… limit 1 for update skip
 * locked)`) PostgreSQL may plan a nested-loop semi join that runs the subquery once per waiting row,
 * and each run skips the rows the statement has just updated and finds the next, so one press
 * called the whole queue once planner statistics said the queue was short.
 */
export async function callNext(db: Db, today: string, deptId: number, user: UserInfo): Promise<number | null> {
  const calledId = await db.transaction(async (tx) => {
    await lockQueueNumbers(tx);
    const [next] = await tx
      .select({ id: queueEntries.id })
      .from(queueEntries)
      .where(
        and(eq(queueEntries.queueDate, today), eq(queueEntries.deptId, deptId), eq(queueEntries.status, 'waiting')),
      )
      .orderBy(...callingOrder)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return null;
    const [called] = await tx
      .update(queueEntries)
      .set({
        status: 'called',
        calledAt: sql`now()`,
        calledBy: user.id,
        callCount: sql`${queueEntries.callCount} + 1`,
      })
      .where(eq(queueEntries.id, next.id))
      .returning();
    await writeEvent(tx, called!, 'call', user.id);
    return called!.id;
  });
  if (calledId !== null) queueChanged(db);
  return calledId;
}

interface Move {
  from: readonly QueueStatus[];
  event: QueueEventType;
  label: string;
  set: (user: UserInfo) => Partial<Record<keyof EntryRow, unknown>>;
}

/** The staff's moves on one entry, each allowed from the statuses named. */
export const QUEUE_MOVES = {
  recall: {
    from: ['called', 'passed'],
    event: 'recall',
    label: '重呼',
    set: (user) => ({
      status: 'called',
      calledAt: sql`now()`,
      calledBy: user.id,
      callCount: sql`${queueEntries.callCount} + 1`,
    }),
  },
  pass: { from: ['called'], event: 'pass', label: '过号', set: () => ({ status: 'passed' }) },
  finish: { from: ['called'], event: 'finish', label: '完成', set: () => ({ status: 'done', finishedAt: sql`now()` }) },
  remove: {
    from: ['waiting', 'called', 'passed'],
    event: 'remove',
    label: '移出排队',
    set: () => ({ status: 'removed' }),
  },
  priority: { from: ['waiting'], event: 'priority', label: '优先', set: () => ({ priorityAt: sql`now()` }) },
} as const satisfies Record<string, Move>;

export type QueueMove = keyof typeof QUEUE_MOVES;

/** One move on one entry, checked against its status under a row lock, with its event. */
export async function moveEntry(db: Db, entryId: number, move: QueueMove, user: UserInfo): Promise<void> {
  const rule: Move = QUEUE_MOVES[move];
  await db.transaction(async (tx) => {
    await lockQueueNumbers(tx);
    const [entry] = await tx.select().from(queueEntries).where(eq(queueEntries.id, entryId)).for('update');
    if (!entry) throw new AppError('RECORD_NOT_FOUND', '排队记录不存在');
    const status = entry.status as QueueStatus;
    if (!rule.from.includes(status)) {
      throw new AppError('ILLEGAL_TRANSITION', `该体检者当前为「${QUEUE_STATUS_LABELS[status]}」，不能${rule.label}`);
    }
    const [moved] = await tx
      .update(queueEntries)
      .set(rule.set(user) as Partial<EntryRow>)
      .where(eq(queueEntries.id, entryId))
      .returning();
    await writeEvent(tx, moved!, rule.event, user.id);
  });
  queueChanged(db);
}

const IN_QUEUE: ReadonlySet<string> = new Set(['waiting', 'called']);

/**
 * Puts a visit at the end of one department's queue of the day, in the caller's transaction (which
 * holds the queue-number lock): a new entry, or its passed, finished or removed one queued again.
 * Answers the entry id, or null when it is already waiting or called there.
 */
export async function enqueueDept(tx: Tx, today: string, orderId: string, deptId: number, userId: number) {
  const [existing] = await tx
    .select()
    .from(queueEntries)
    .where(and(eq(queueEntries.queueDate, today), eq(queueEntries.deptId, deptId), eq(queueEntries.orderId, orderId)));
  if (existing && IN_QUEUE.has(existing.status)) return null;
  const [last] = await tx
    .select({ n: max(queueEntries.queueNo) })
    .from(queueEntries)
    .where(and(eq(queueEntries.queueDate, today), eq(queueEntries.deptId, deptId)));
  const fresh = {
    queueNo: (last?.n ?? 0) + 1,
    status: 'waiting',
    priorityAt: null,
    enqueuedAt: sql`now()`,
    calledAt: null,
    calledBy: null,
    finishedAt: null,
  };
  const [entry] = existing
    ? await tx.update(queueEntries).set(fresh).where(eq(queueEntries.id, existing.id)).returning()
    : await tx
        .insert(queueEntries)
        .values({ ...fresh, queueDate: today, deptId, orderId })
        .returning();
  await writeEvent(tx, entry!, 'add', userId);
  return entry!.id;
}

/**
 * 加入排队 (by order id scan): the order's departments still to do, or the one named, get a new
 * number at the end of the queue; an examinee passed, finished or removed there is queued again.
 */
export async function addToQueue(
  db: Db,
  today: string,
  input: { orderId: string; deptId?: number },
  user: UserInfo,
): Promise<number[]> {
  const added = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, examDate: orders.examDate })
      .from(orders)
      .where(eq(orders.orderId, input.orderId));
    if (!order) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
    if (order.examDate !== today) throw new AppError('ILLEGAL_TRANSITION', '该订单不是今天的体检，不能加入排队');
    if (!QUEUEABLE_STATUSES.has(order.status as OrderStatus)) {
      const label = ORDER_STATUS_LABELS[order.status as OrderStatus] ?? order.status;
      throw new AppError('ILLEGAL_TRANSITION', `订单当前状态为「${label}」，不能加入排队`);
    }
    const depts = await tx
      .select({ deptId: orderDepts.deptId, status: orderDepts.status, name: departments.deptName })
      .from(orderDepts)
      .innerJoin(departments, eq(departments.id, orderDepts.deptId))
      .where(
        and(
          eq(orderDepts.orderId, input.orderId),
          input.deptId === undefined ? undefined : eq(orderDepts.deptId, input.deptId),
        ),
      );
    if (input.deptId !== undefined) {
      if (!depts[0]) throw new AppError('ILLEGAL_TRANSITION', '该体检者没有本科室的检查项目');
      if (depts[0].status !== '0') throw new AppError('ILLEGAL_TRANSITION', '该体检者本科室已检查，不需要排队');
    }
    await lockQueueNumbers(tx);
    const added: number[] = [];
    for (const dept of depts.filter((d) => d.status === '0')) {
      const entryId = await enqueueDept(tx, today, input.orderId, dept.deptId, user.id);
      if (entryId === null && input.deptId !== undefined) {
        throw new AppError('ILLEGAL_TRANSITION', `该体检者已在${dept.name}排队中`);
      }
      if (entryId !== null) added.push(entryId);
    }
    if (added.length === 0) throw new AppError('ILLEGAL_TRANSITION', '该体检者已在所有未检科室排队，或没有未检科室');
    return added;
  });
  queueChanged(db);
  return added;
}
