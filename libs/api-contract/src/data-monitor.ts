import { z } from 'zod';
import { ORDER_STATUSES } from './order-status.js';
import { route } from './route.js';

/** 数据监控 GET /manager/api/datamonitor/today */
export const dataMonitorRoute = route({
  method: 'GET',
  path: '/manager/api/datamonitor/today',
  summary: '今日体检流量（订单状态、科室进度、危急值、异常、平均等候）',
  access: ['exam_mg/data_monitor'],
  input: z.object({}),
  output: z.object({
    exam_date: z.string(),
    /** When the server counted, so the screen can say how fresh the numbers are. */
    counted_at: z.string(),
    order_total: z.number().int(),
    /** Every status of the machine, zero included. */
    order_status_counts: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.number().int() })),
    /** order_depts of today: '0' waiting, '1' results entered, '2' signed. */
    depts: z.array(
      z.object({
        exam_dept_id: z.number(),
        dept_name: z.string(),
        waiting: z.number().int(),
        entered: z.number().int(),
        signed: z.number().int(),
        queue_waiting: z.number().int(),
      }),
    ),
    /** Unhandled critical values of any day (they wait for someone), and those raised today. */
    critical_unhandled: z.number().int(),
    critical_today: z.number().int(),
    /** Department and chief-examination exceptions not yet handled ('2'). */
    exceptions_open: z.number().int(),
    /** Minutes from joining a queue to being called, over today's called entries; null before the first call. */
    avg_wait_minutes: z.number().nullable(),
  }),
});
