import { z } from 'zod';
import {
  dateField,
  optionalChoiceField,
  optionalIdField,
  orderIdField,
  pageFields,
  pageOf,
  searchKeyField,
  idField,
} from './field-schemas.js';
import { UNION_EXEC, UNION_EXEC_LABELS, type UnionExecState } from './item-execution.js';
import { ORDER_STATUSES, type OrderStatus } from './order-status.js';
import { route } from './route.js';
import { uploadBodyLimit, type UploadRule } from './uploads.js';

/**
 * Issue 19: the moves of one ordered union's execution state (breadth §1.3) and the calls of
 * 登记详情, 延期/弃检管理 (delay_mg) and 导检单回收 (guidance_recycle) that make and read them.
 */

export const EXEC_ACTIONS = ['waive', 'defer', 'makeup', 'refuse', 'revert'] as const;
export type ExecAction = (typeof EXEC_ACTIONS)[number];

/** Which state each action leaves the line in, from which states it may be taken, and its name. */
export const EXEC_MOVES: Record<ExecAction, { from: readonly UnionExecState[]; to: UnionExecState; label: string }> = {
  waive: { from: [UNION_EXEC.todo, UNION_EXEC.deferred, UNION_EXEC.makeup], to: UNION_EXEC.waived, label: '弃检' },
  defer: { from: [UNION_EXEC.todo, UNION_EXEC.makeup], to: UNION_EXEC.deferred, label: '迟检' },
  makeup: { from: [UNION_EXEC.waived, UNION_EXEC.deferred], to: UNION_EXEC.makeup, label: '补检' },
  refuse: { from: [UNION_EXEC.todo, UNION_EXEC.deferred, UNION_EXEC.makeup], to: UNION_EXEC.refused, label: '拒检' },
  revert: {
    from: [UNION_EXEC.waived, UNION_EXEC.deferred, UNION_EXEC.refused, UNION_EXEC.makeup],
    to: UNION_EXEC.todo,
    label: '撤销',
  },
};

export type ExecMoveCheck = { ok: true; to: UnionExecState } | { ok: false; msg: string };

/** Whether a line in `from` may take `action`; a Chinese reason if not. */
export function checkExecMove(from: string, action: ExecAction): ExecMoveCheck {
  const move = EXEC_MOVES[action];
  if (from === UNION_EXEC.done) return { ok: false, msg: `已检查，无法进行${move.label}操作` };
  if (!(move.from as readonly string[]).includes(from)) {
    const label = UNION_EXEC_LABELS[from as UnionExecState] ?? from;
    return { ok: false, msg: `该项目当前为「${label}」，不能${move.label}` };
  }
  return { ok: true, to: move.to };
}

/** The actions a line in `state` offers (the web shows these buttons). */
export const execActionsFrom = (state: string): ExecAction[] =>
  EXEC_ACTIONS.filter((action) => (EXEC_MOVES[action].from as readonly string[]).includes(state));

/**
 * A visit's lines may change state until its departments are done and reviewed: a line brought back
 * after 科室已完成 sends the visit back to the departments.
 */
export const EXEC_ORDER_STATUSES: ReadonlySet<OrderStatus> = new Set([
  'registered',
  'checked_in',
  'in_exam',
  'depts_done',
]);

/** The states 延期/弃检管理 lists: the lines not done the usual way. */
export const EXEC_LISTED_STATES = [
  UNION_EXEC.waived,
  UNION_EXEC.deferred,
  UNION_EXEC.refused,
  UNION_EXEC.makeup,
] as const;

/** The examinee's signature drawn on screen for 弃检: a PNG, sent through the one upload path. */
export const EXEC_SIGNATURE_RULE: UploadRule = {
  maxBytes: 512 * 1024,
  types: ['image/png'],
  typesLabel: 'PNG 图片',
};

const reasonField = z
  .string({ error: '原因格式不正确' })
  .trim()
  .max(200, '原因不能超过200字')
  .optional()
  .transform((value) => value || undefined);

export const execLineSchema = z.object({
  union_id: z.number().int(),
  union_name: z.string(),
  dept_id: z.number().int(),
  dept_name: z.string(),
  state: z.string(),
  state_label: z.string(),
  exec_by_name: z.string().nullable(),
  exec_at: z.string().nullable(),
  exec_reason: z.string().nullable(),
  exec_date: z.string().nullable(),
  signature_file_id: z.number().int().nullable(),
  /** A result was saved for the line's items or its department signed: no action may change it. */
  recorded: z.boolean(),
  /** Still to be done before the examinee may leave (not HANDLED_AT_EXIT). */
  open: z.boolean(),
});
export type ExecLine = z.infer<typeof execLineSchema>;

export const execVisitSchema = z.object({
  order_id: z.string(),
  cust_name: z.string(),
  sex: z.string(),
  age: z.number().int(),
  exam_date: z.string(),
  status: z.enum(ORDER_STATUSES),
  ban_reason: z.string().nullable(),
  sheet_returned_by_name: z.string().nullable(),
  sheet_returned_at: z.string().nullable(),
  /** Unhandled critical values of the visit (导检单回收 refuses while any). */
  unhandled_critical: z.number().int(),
  lines: z.array(execLineSchema),
});
export type ExecVisit = z.infer<typeof execVisitSchema>;

const EXEC_SCREENS = ['exam_mg/order_mg_detail', 'exam_mg/delay_mg'] as const;

/** 项目执行情况 GET /manager/api/item_exec/order_lines */
export const execOrderLinesRoute = route({
  method: 'GET',
  path: '/manager/api/item_exec/order_lines',
  summary: '体检者每个组合项目的执行状态（未检/已检/弃检/迟检/拒检/补检）及操作人、时间、原因',
  access: [...EXEC_SCREENS, 'exam_mg/guidance_recycle'],
  input: z.object({ order_id: orderIdField }),
  output: execVisitSchema,
});

/** 弃检(直接弃检)/迟检/补检/拒检/撤销 POST /manager/api/item_exec/change */
export const execChangeRoute = route({
  method: 'POST',
  path: '/manager/api/item_exec/change',
  summary: '组合项目弃检、迟检、补检、拒检或撤销为未检',
  access: EXEC_SCREENS,
  input: z
    .object({
      order_id: orderIdField,
      union_id: idField('组合项目'),
      action: z.enum(EXEC_ACTIONS, { error: '操作不正确' }),
      reason: reasonField,
      exec_date: dateField.optional().or(z.literal('').transform(() => undefined)),
    })
    .superRefine((v, ctx) => {
      if ((v.action === 'waive' || v.action === 'refuse') && !v.reason) {
        ctx.addIssue({ code: 'custom', message: `请填写${EXEC_MOVES[v.action].label}原因`, path: ['reason'] });
      }
      if (v.action === 'defer' && !v.exec_date) {
        ctx.addIssue({ code: 'custom', message: '请选择迟检日期', path: ['exec_date'] });
      }
    }),
  output: execLineSchema,
});

/** 签名弃检 POST /manager/api/item_exec/waive_signed (multipart: the signature PNG; the rest in the query) */
export const execWaiveSignedRoute = route({
  method: 'POST',
  path: '/manager/api/item_exec/waive_signed',
  summary: '弃检（附体检者手写签名PNG）',
  access: EXEC_SCREENS,
  input: z.object({
    order_id: orderIdField,
    union_id: idField('组合项目'),
    reason: z.string({ error: '请填写弃检原因' }).trim().min(1, '请填写弃检原因').max(200, '原因不能超过200字'),
  }),
  output: execLineSchema,
  upload: EXEC_SIGNATURE_RULE,
  bodyLimit: uploadBodyLimit(EXEC_SIGNATURE_RULE),
});

/** 弃检签名 GET /manager/api/item_exec/signature (the PNG itself, not an envelope) */
export const execSignatureRoute = route({
  method: 'GET',
  path: '/manager/api/item_exec/signature',
  summary: '弃检签名图片',
  access: [...EXEC_SCREENS, 'exam_mg/guidance_recycle'],
  input: z.object({ id: idField('签名') }),
  output: z.unknown(),
});

export const execSignatureUrl = (fileId: number) => `${execSignatureRoute.path}?id=${fileId}`;

export const delayRowSchema = execLineSchema.extend({
  order_id: z.string(),
  cust_name: z.string(),
  sex: z.string(),
  exam_date: z.string(),
  /** The day the line is listed under: its exec_date when set, else the exam date. */
  day: z.string(),
});
export type DelayRow = z.infer<typeof delayRowSchema>;

/** 延期/弃检列表 GET /manager/api/item_exec/list */
export const execListRoute = route({
  method: 'GET',
  path: '/manager/api/item_exec/list',
  summary: '迟检、弃检、拒检、补检的项目（按日期、科室、状态、体检号或姓名）',
  access: ['exam_mg/delay_mg'],
  input: z
    .object({
      date_from: dateField.optional().or(z.literal('').transform(() => undefined)),
      date_to: dateField.optional().or(z.literal('').transform(() => undefined)),
      dept_id: optionalIdField('科室'),
      state: optionalChoiceField(EXEC_LISTED_STATES, '状态不正确'),
      key: searchKeyField(),
      ...pageFields,
    })
    .refine((v) => !v.date_from || !v.date_to || v.date_from <= v.date_to, {
      message: '开始日期不能晚于结束日期',
      path: ['date_to'],
    }),
  output: pageOf(delayRowSchema),
});

/** 导检单回收 POST /manager/api/guidance/recycle */
export const sheetRecycleRoute = route({
  method: 'POST',
  path: '/manager/api/guidance/recycle',
  summary: '回收导检单（每个项目都已检、弃检、迟检或拒检，且无未处理的危急值）',
  access: ['exam_mg/guidance_recycle'],
  input: z.object({ order_id: orderIdField }),
  output: z.object({ order_id: z.string(), sheet_returned_by_name: z.string(), sheet_returned_at: z.string() }),
});

export const recycledRowSchema = z.object({
  order_id: z.string(),
  cust_name: z.string(),
  sex: z.string(),
  exam_date: z.string(),
  sheet_returned_by_name: z.string().nullable(),
  sheet_returned_at: z.string(),
});

/** 今日已回收 GET /manager/api/guidance/recycled_list */
export const recycledListRoute = route({
  method: 'GET',
  path: '/manager/api/guidance/recycled_list',
  summary: '某日回收的导检单',
  access: ['exam_mg/guidance_recycle'],
  input: z.object({ date: dateField.optional().or(z.literal('').transform(() => undefined)), ...pageFields }),
  output: pageOf(recycledRowSchema),
});

/** The message a refused 回收 answers while a critical value waits (the web offers 危急值管理). */
export const CRITICAL_PENDING_MESSAGE = '此体检号有相关的危急值提报未处理';
