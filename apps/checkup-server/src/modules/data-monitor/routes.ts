import type { FastifyInstance } from 'fastify';
import { dataMonitorRoute, ORDER_STATUSES } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { todayCst } from '../../lib/hospital-day.js';
import { defineRoute } from '../../lib/define-route.js';
import { activeDepartments } from '../queue/queue-repository.js';
import { syncQueues } from '../queue/queue-sync.js';
import {
  averageWaitMinutes,
  criticalCounts,
  deptProgress,
  openExceptions,
  orderStatusCounts,
  queueWaiting,
} from './monitor-repository.js';

/** 数据监控 (data_monitor): today's flow through the centre, counted on each call. */
export async function dataMonitorRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  defineRoute(app, dataMonitorRoute, async () => {
    const today = todayCst();
    await syncQueues(db, today);
    const [statuses, progress, waiting, depts, critical, exceptions, avgWait] = await Promise.all([
      orderStatusCounts(db, today),
      deptProgress(db, today),
      queueWaiting(db, today),
      activeDepartments(db),
      criticalCounts(db, today),
      openExceptions(db),
      averageWaitMinutes(db, today),
    ]);
    const progressOf = (deptId: number, status: string) =>
      progress.find((p) => p.deptId === deptId && p.status === status)?.n ?? 0;
    return {
      exam_date: today,
      counted_at: new Date().toISOString(),
      order_total: statuses.reduce((sum, s) => sum + s.n, 0),
      order_status_counts: ORDER_STATUSES.map((status) => ({
        status,
        count: statuses.find((s) => s.status === status)?.n ?? 0,
      })),
      depts: depts.map((d) => ({
        exam_dept_id: d.id,
        dept_name: d.name,
        waiting: progressOf(d.id, '0'),
        entered: progressOf(d.id, '1'),
        signed: progressOf(d.id, '2'),
        queue_waiting: waiting.find((w) => w.deptId === d.id)?.n ?? 0,
      })),
      critical_unhandled: critical.unhandled,
      critical_today: critical.today,
      exceptions_open: exceptions,
      avg_wait_minutes: avgWait,
    };
  });
}
