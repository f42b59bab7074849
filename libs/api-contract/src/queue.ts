import { z } from 'zod';
import { deptIdField, idField, optionalIdField, orderIdField } from './field-schemas.js';
import { QUEUE_SCREENS } from './access-screens.js';
import { route } from './route.js';

/**
 * A department's queue of the day (排队): an examinee waits, is called, then is finished or passed
 * (过号); removed entries stay in the table so the check-in sync does not queue them again.
 */
export const QUEUE_STATUSES = ['waiting', 'called', 'done', 'passed', 'removed'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];
export const QUEUE_STATUS_LABELS: Record<QueueStatus, string> = {
  waiting: '等候中',
  called: '已呼叫',
  done: '已完成',
  passed: '已过号',
  removed: '已移出',
};

/** What each queue change writes to queue_events, in sequence (the queue display streams them). */
export const QUEUE_EVENT_TYPES = ['add', 'call', 'recall', 'pass', 'finish', 'remove', 'priority'] as const;
export type QueueEventType = (typeof QUEUE_EVENT_TYPES)[number];

/** The queue number as called out and shown: A001. */
export const formatQueueNo = (queueNo: number) => `A${String(queueNo).padStart(3, '0')}`;

/**
 * What a call says, at the desk and in the hall: 请 A001 号 张*三 到 心电图室 就诊; a confidential
 * person (empty display name) by number only: 请 A001 号到 心电图室 就诊.
 */
export const queueCallText = (call: { queue_no: number; display_name: string; dept_name: string }) =>
  `请 ${formatQueueNo(call.queue_no)} 号${call.display_name ? ` ${call.display_name} ` : ''}到 ${call.dept_name} 就诊`;

export const queueEntrySchema = z.object({
  entry_id: z.number(),
  exam_dept_id: z.number(),
  order_id: z.string(),
  queue_no: z.number().int(),
  /** Staff lists: the full name (spec §5 rule for confidential persons). */
  cust_name: z.string(),
  /** For displays and call-outs: always masked (张*三); empty for a confidential person, called by number only. */
  display_name: z.string(),
  sex: z.enum(['1', '2']),
  age: z.number().int(),
  special_flag: z.string(),
  status: z.enum(QUEUE_STATUSES),
  priority: z.boolean(),
  call_count: z.number().int(),
  enqueued_at: z.string(),
  called_at: z.string().nullable(),
  called_by_name: z.string().nullable(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

const deptQueueCounts = z.object({
  waiting: z.number().int(),
  called: z.number().int(),
  done: z.number().int(),
  passed: z.number().int(),
});

/** 科室排队列表 GET /manager/api/queue/dept_queue */
export const deptQueueRoute = route({
  method: 'GET',
  path: '/manager/api/queue/dept_queue',
  summary: '科室今日排队（等候、已呼叫、已完成、已过号）',
  access: QUEUE_SCREENS,
  input: z.object({ exam_dept_id: deptIdField }),
  output: z.object({
    exam_dept_id: z.number(),
    dept_name: z.string(),
    queue_date: z.string(),
    counts: deptQueueCounts,
    /** Waiting first in calling order, then called, passed and done. */
    list: z.array(queueEntrySchema),
  }),
});

/** 排队总览 GET /manager/api/queue/overview */
export const queueOverviewRoute = route({
  method: 'GET',
  path: '/manager/api/queue/overview',
  summary: '各科室今日排队总览（等候人数、正在呼叫）',
  access: QUEUE_SCREENS,
  input: z.object({}),
  output: z.object({
    queue_date: z.string(),
    depts: z.array(
      deptQueueCounts.extend({
        exam_dept_id: z.number(),
        dept_name: z.string(),
        /** The number called last, and the masked name: what the hall display shows. */
        current_no: z.number().int().nullable(),
        current_name: z.string().nullable(),
      }),
    ),
  }),
});

/** 呼叫下一位 POST /manager/api/queue/call_next */
export const queueCallNextRoute = route({
  method: 'POST',
  path: '/manager/api/queue/call_next',
  summary: '呼叫下一位（两位医生同时呼叫不会叫到同一人）',
  access: QUEUE_SCREENS,
  input: z.object({ exam_dept_id: deptIdField }),
  /** entry null: nobody is waiting. */
  output: z.object({ entry: queueEntrySchema.nullable() }),
});

const entryInput = z.object({ entry_id: idField('排队记录') });

/** 重呼 POST /manager/api/queue/recall */
export const queueRecallRoute = route({
  method: 'POST',
  path: '/manager/api/queue/recall',
  summary: '重呼（已呼叫或已过号的体检者）',
  access: QUEUE_SCREENS,
  input: entryInput,
  output: queueEntrySchema,
});

/** 过号 POST /manager/api/queue/pass */
export const queuePassRoute = route({
  method: 'POST',
  path: '/manager/api/queue/pass',
  summary: '过号（已呼叫未到的体检者）',
  access: QUEUE_SCREENS,
  input: entryInput,
  output: queueEntrySchema,
});

/** 完成 POST /manager/api/queue/finish */
export const queueFinishRoute = route({
  method: 'POST',
  path: '/manager/api/queue/finish',
  summary: '完成（体检者已在本科室检查）',
  access: QUEUE_SCREENS,
  input: entryInput,
  output: queueEntrySchema,
});

/** 加入排队 POST /manager/api/queue/add */
export const queueAddRoute = route({
  method: 'POST',
  path: '/manager/api/queue/add',
  summary: '加入排队（扫描体检号；不指定科室时加入订单所有未检科室）',
  access: QUEUE_SCREENS,
  input: z.object({ order_id: orderIdField, exam_dept_id: optionalIdField('科室') }),
  output: z.object({ added: z.array(queueEntrySchema) }),
});

/** 移出排队 POST /manager/api/queue/remove */
export const queueRemoveRoute = route({
  method: 'POST',
  path: '/manager/api/queue/remove',
  summary: '移出排队',
  access: QUEUE_SCREENS,
  input: entryInput,
  output: queueEntrySchema,
});

/** 优先 POST /manager/api/queue/priority */
export const queuePriorityRoute = route({
  method: 'POST',
  path: '/manager/api/queue/priority',
  summary: '优先（移到等候队列最前，如老人、孕妇）',
  access: QUEUE_SCREENS,
  input: entryInput,
  output: queueEntrySchema,
});
