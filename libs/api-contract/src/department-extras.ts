import { z } from 'zod';
import { REVIEW_DETAIL_SCREENS } from './access-screens.js';
import { deptIdField, idField, orderIdField } from './field-schemas.js';
import { ORDER_STATUSES } from './order-status.js';
import { route } from './route.js';

/**
 * Issue 19, department entry: 反审核 (un-sign a department), 科室加项 (a union added by the
 * department) and 我要提醒 (a note to another department or to 总检). Beside department-diagnosis.ts,
 * which holds the entry screen's other calls.
 */

const orderDept = z.object({ order_id: orderIdField, exam_dept_id: deptIdField });

const textField = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}字`);

export const UNSIGN_MESSAGES = {
  notSigned: '本科室尚未签名',
  notAllowed: '非签名医生或本科室负责人，不能反审核',
  reviewStarted: '总检已开始，不能反审核',
} as const;

/** 科室反审核 POST /manager/api/departmentdiagnosis/order_dept_unsign */
export const orderDeptUnsignRoute = route({
  method: 'POST',
  path: '/manager/api/departmentdiagnosis/order_dept_unsign',
  summary: '科室反审核（撤销科室签名，总检开始前）',
  access: ['exam_mg/dept_diag_detail:unsign'],
  input: orderDept.extend({ reason: textField('反审核原因', 200) }),
  output: z.object({ order_id: z.string(), exam_dept_id: z.number(), order_status: z.enum(ORDER_STATUSES) }),
});

export const ADD_UNION_MESSAGES = {
  banned: (reason: string) => `该体检已禁检（${reason}），不能加项`,
  reviewStarted: '总检已开始，不能加项',
  deptSigned: '本科室已签名，请先反审核再加项',
  notOfDept: '该组合项目不属于本科室或已停用',
} as const;

export const addableUnionSchema = z.object({
  id: z.number(),
  union_code: z.string(),
  union_name: z.string(),
  /** The list price, two decimals. */
  price: z.string(),
  /** Why the union cannot be added to this visit (mutex, sex), or null. */
  refusal: z.string().nullable(),
});
export type AddableUnion = z.infer<typeof addableUnionSchema>;

/** 科室可加项目 GET /manager/api/departmentdiagnosis/dept_addable_unions */
export const deptAddableUnionsRoute = route({
  method: 'GET',
  path: '/manager/api/departmentdiagnosis/dept_addable_unions',
  summary: '本科室可加的组合项目（未在本次体检中的在用项目）',
  access: ['exam_mg/dept_diag_detail'],
  input: orderDept,
  output: z.array(addableUnionSchema),
});

/** 科室加项 POST /manager/api/departmentdiagnosis/dept_add_union */
export const deptAddUnionRoute = route({
  method: 'POST',
  path: '/manager/api/departmentdiagnosis/dept_add_union',
  summary: '科室加项（自费，待收费）',
  access: ['exam_mg/dept_diag_detail'],
  input: orderDept.extend({ union_id: idField('组合项目') }),
  output: z.object({ order_id: z.string(), union_id: z.number(), price: z.string(), total_price: z.string() }),
});

/** Whom a note is for: '总检', or a department of the visit by id. */
export const REMINDER_TO_REVIEW = 'review';

export const REMINDER_MESSAGES = {
  badTarget: '提醒的科室不在本次体检中',
  self: '不能提醒本科室',
  notFound: '提醒不存在',
  notYours: '该提醒不是发给本科室的',
  done: '该提醒已处理',
} as const;

export const reminderSchema = z.object({
  id: z.number(),
  order_id: z.string(),
  from_dept_name: z.string(),
  from_user_name: z.string(),
  /** The department told, or null for 总检. */
  to_dept_name: z.string().nullable(),
  content: z.string(),
  created_at: z.string(),
  done_by_name: z.string().nullable(),
  done_at: z.string().nullable(),
});
export type OrderReminder = z.infer<typeof reminderSchema>;

/** 我要提醒 POST /manager/api/departmentdiagnosis/reminder_add */
export const reminderAddRoute = route({
  method: 'POST',
  path: '/manager/api/departmentdiagnosis/reminder_add',
  summary: '我要提醒（提醒其他科室或总检）',
  access: ['exam_mg/dept_diag_detail'],
  input: orderDept.extend({
    /** 'review' for 总检, or the id of a department of the visit. */
    to: z
      .string({ error: '请选择提醒对象' })
      .trim()
      .regex(/^(review|[1-9]\d{0,8})$/, '请选择提醒对象'),
    content: textField('提醒内容', 500),
  }),
  output: reminderSchema,
});

/** 本科室的提醒 GET /manager/api/departmentdiagnosis/dept_reminders */
export const deptRemindersRoute = route({
  method: 'GET',
  path: '/manager/api/departmentdiagnosis/dept_reminders',
  summary: '本次体检发给本科室的提醒、本科室发出的提醒及可提醒的科室',
  access: ['exam_mg/dept_diag_detail'],
  input: orderDept,
  output: z.object({
    received: z.array(reminderSchema),
    sent: z.array(reminderSchema),
    /** The visit's other departments, for 我要提醒. */
    targets: z.array(z.object({ exam_dept_id: z.number(), dept_name: z.string() })),
  }),
});

/** 科室提醒已处理 POST /manager/api/departmentdiagnosis/dept_reminder_done */
export const deptReminderDoneRoute = route({
  method: 'POST',
  path: '/manager/api/departmentdiagnosis/dept_reminder_done',
  summary: '将发给本科室的提醒标为已处理',
  access: ['exam_mg/dept_diag_detail'],
  input: z.object({ id: idField('提醒'), exam_dept_id: deptIdField }),
  output: reminderSchema,
});

/** 总检提醒 GET /manager/api/examreview/order_reminders */
export const reviewRemindersRoute = route({
  method: 'GET',
  path: '/manager/api/examreview/order_reminders',
  summary: '本次体检各科室发给总检的提醒',
  access: REVIEW_DETAIL_SCREENS,
  input: z.object({ order_id: orderIdField }),
  output: z.array(reminderSchema),
});

/** 总检提醒已处理 POST /manager/api/examreview/order_reminder_done */
export const reviewReminderDoneRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/order_reminder_done',
  summary: '将发给总检的提醒标为已处理',
  access: REVIEW_DETAIL_SCREENS,
  input: z.object({ id: idField('提醒') }),
  output: reminderSchema,
});
