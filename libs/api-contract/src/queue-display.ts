import { z } from 'zod';
import { QUEUE_EVENT_TYPES } from './queue.js';
import { route } from './route.js';

/**
 * The hall's queue display (spec §2 /queue_page, issue 8 §4): public, so it answers masked names
 * only (张*三; a confidential person by number only, with an empty name), and it follows the queues through a server-sent event
 * stream of queue_events.
 */

/** How many waiting examinees the display shows per department. */
export const DISPLAY_WAITING_COUNT = 5;

/** The SSE event name of one queue change; its id is the event's seq (Last-Event-ID resumes). */
export const QUEUE_DISPLAY_EVENT = 'queue';

/** "3,5,8": the departments shown; blank means every active department. */
const deptIdsField = z
  .string({ error: '科室格式不正确' })
  .optional()
  .transform((value) => (value ?? '').trim())
  .refine((value) => value === '' || /^[1-9]\d{0,8}(,[1-9]\d{0,8}){0,49}$/.test(value), '科室格式不正确')
  .transform((value) => (value === '' ? [] : [...new Set(value.split(',').map(Number))]));

const displayEntrySchema = z.object({ queue_no: z.number().int(), display_name: z.string() });

export const queueDisplayDeptSchema = z.object({
  exam_dept_id: z.number(),
  dept_name: z.string(),
  /** The examinee called last and still being seen. */
  current: displayEntrySchema.nullable(),
  /** The next few waiting, in calling order. */
  waiting: z.array(displayEntrySchema),
  waiting_count: z.number().int(),
});
export type QueueDisplayDept = z.infer<typeof queueDisplayDeptSchema>;

/** 排队叫号屏快照 GET /manager/api/queue/display_snapshot */
export const queueDisplaySnapshotRoute = route({
  method: 'GET',
  path: '/manager/api/queue/display_snapshot',
  summary: '排队叫号屏：各科室正在呼叫与等候（姓名脱敏）',
  access: 'public',
  input: z.object({ dept_ids: deptIdsField }),
  output: z.object({
    queue_date: z.string(),
    /** The last queue event the snapshot includes: the stream continues after it. */
    last_seq: z.number().int(),
    depts: z.array(queueDisplayDeptSchema),
  }),
});

/** One queue change as the display receives it (the data of one SSE event). */
export const queueDisplayEventSchema = z.object({
  seq: z.number().int(),
  event_type: z.enum(QUEUE_EVENT_TYPES),
  exam_dept_id: z.number(),
  dept_name: z.string(),
  queue_no: z.number().int(),
  display_name: z.string(),
  created_at: z.string(),
});
export type QueueDisplayEvent = z.infer<typeof queueDisplayEventSchema>;

/**
 * 排队叫号屏事件流 GET /manager/api/queue/display_stream — text/event-stream: one `queue` event per
 * change (id = seq, data = the event as JSON) and a comment line every 15 s. `after` (or the
 * Last-Event-ID header of a reconnect, whichever is later) replays what came after that seq.
 */
export const queueDisplayStreamRoute = route({
  method: 'GET',
  path: '/manager/api/queue/display_stream',
  summary: '排队叫号屏：排队变化事件流（SSE）',
  access: 'public',
  input: z.object({
    dept_ids: deptIdsField,
    after: z
      .string()
      .optional()
      .refine((v) => v === undefined || /^\d{1,15}$/.test(v), '事件序号格式不正确')
      .transform((v) => (v === undefined ? undefined : Number(v))),
  }),
  output: queueDisplayEventSchema,
});
