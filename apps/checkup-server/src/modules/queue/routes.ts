import type { FastifyInstance } from 'fastify';
import {
  AppError,
  deptQueueRoute,
  queueAddRoute,
  queueCallNextRoute,
  queueFinishRoute,
  queueOverviewRoute,
  queuePassRoute,
  queuePriorityRoute,
  queueRecallRoute,
  queueRemoveRoute,
  type QueueEntry,
  type QueueStatus,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { todayCst } from '../../lib/hospital-day.js';
import { defineRoute } from '../../lib/define-route.js';
import { listNameFor } from '../people/confidential.js';
import {
  activeDepartments,
  currentCalls,
  deptName,
  deptQueue,
  entriesById,
  entryById,
  queueCounts,
  type QueueRecord,
} from './queue-repository.js';
import { displayName } from './display-name.js';
import { addToQueue, callNext, moveEntry, type QueueMove } from './queue-service.js';
import { syncQueues } from './queue-sync.js';

function toEntry(user: UserInfo, r: QueueRecord): QueueEntry {
  return {
    entry_id: r.id,
    exam_dept_id: r.deptId,
    order_id: r.orderId,
    queue_no: r.queueNo,
    cust_name: listNameFor(user, r.custName, r.specialFlag),
    display_name: displayName(r.custName, r.specialFlag),
    sex: r.sex,
    age: r.age,
    special_flag: r.specialFlag,
    status: r.status as QueueStatus,
    priority: r.priorityAt !== null,
    call_count: r.callCount,
    enqueued_at: r.enqueuedAt.toISOString(),
    called_at: r.calledAt?.toISOString() ?? null,
    called_by_name: r.calledByName,
  };
}

function countsOf(rows: { status: string; n: number }[]) {
  const n = (status: QueueStatus) => rows.find((r) => r.status === status)?.n ?? 0;
  return { waiting: n('waiting'), called: n('called'), done: n('done'), passed: n('passed') };
}

/** Today's department queues (排队管理, 叫号, 科室排队); every change is an event in sequence. */
export async function queueRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  defineRoute(app, deptQueueRoute, async ({ input, user }) => {
    const today = todayCst();
    const name = await deptName(db, input.exam_dept_id);
    if (name === undefined) throw new AppError('RECORD_NOT_FOUND', '科室不存在');
    await syncQueues(db, today, input.exam_dept_id);
    const [rows, counts] = await Promise.all([
      deptQueue(db, today, input.exam_dept_id),
      queueCounts(db, today, input.exam_dept_id),
    ]);
    return {
      exam_dept_id: input.exam_dept_id,
      dept_name: name,
      queue_date: today,
      counts: countsOf(counts),
      list: rows.map((r) => toEntry(user, r)),
    };
  });

  defineRoute(app, queueOverviewRoute, async () => {
    const today = todayCst();
    await syncQueues(db, today);
    const [depts, counts, current] = await Promise.all([
      activeDepartments(db),
      queueCounts(db, today),
      currentCalls(db, today),
    ]);
    return {
      queue_date: today,
      depts: depts.map((d) => {
        const now = current.find((c) => c.deptId === d.id);
        return {
          exam_dept_id: d.id,
          dept_name: d.name,
          ...countsOf(counts.filter((c) => c.deptId === d.id)),
          current_no: now?.queueNo ?? null,
          current_name: now ? displayName(now.custName, now.specialFlag) : null,
        };
      }),
    };
  });

  defineRoute(app, queueCallNextRoute, async ({ input, user }) => {
    const today = todayCst();
    await syncQueues(db, today, input.exam_dept_id);
    const id = await callNext(db, today, input.exam_dept_id, user);
    const entry = id === null ? undefined : await entryById(db, id);
    return { entry: entry ? toEntry(user, entry) : null };
  });

  // The five moves share one input (entry_id) and one answer (the entry).
  const moves: [typeof queueRecallRoute, QueueMove][] = [
    [queueRecallRoute, 'recall'],
    [queuePassRoute, 'pass'],
    [queueFinishRoute, 'finish'],
    [queueRemoveRoute, 'remove'],
    [queuePriorityRoute, 'priority'],
  ];
  for (const [descriptor, move] of moves) {
    defineRoute(app, descriptor, async ({ input, user }) => {
      await moveEntry(db, input.entry_id, move, user);
      return toEntry(user, (await entryById(db, input.entry_id))!);
    });
  }

  defineRoute(app, queueAddRoute, async ({ input, user }) => {
    const ids = await addToQueue(db, todayCst(), { orderId: input.order_id, deptId: input.exam_dept_id }, user);
    return { added: (await entriesById(db, ids)).map((r) => toEntry(user, r)) };
  });
}
