import { z } from 'zod';
import {
  dateField,
  idField,
  optionalChoiceField,
  optionalIdField,
  orderIdField,
  pageFields,
  pageOf,
  searchKeyField,
} from './field-schemas.js';
import { route } from './route.js';

/**
 * Issue 20: a critical value goes through three stages, each by its own people — 已提报 ('0', raised by
 * the item's limits or by a doctor), 已通知 ('1', the examinee or a relative told) and 已处理 ('2', closed
 * by an expert with an opinion). Unhandled means not yet '2' (导检单回收 and the home page count those).
 */
export const CRITICAL_STATUSES = ['0', '1', '2'] as const;
export type CriticalStatus = (typeof CRITICAL_STATUSES)[number];
export const CRITICAL_STATUS_LABELS: Record<CriticalStatus, string> = { '0': '已提报', '1': '已通知', '2': '已处理' };

/** The list's status filter: a stage, or 'open' for every one not yet handled. */
export const CRITICAL_STATUS_FILTERS = ['open', ...CRITICAL_STATUSES] as const;

/** 危急程度 (breadth §5.5): 低/中/高. */
export const CRITICAL_LEVELS = ['1', '2', '3'] as const;
export type CriticalLevel = (typeof CRITICAL_LEVELS)[number];
export const CRITICAL_LEVEL_LABELS: Record<CriticalLevel, string> = { '1': '低', '2': '中', '3': '高' };

/** auto: a result beyond the item's critical limits; manual: 提报 by a doctor from department entry. */
export const CRITICAL_SOURCES = ['auto', 'manual'] as const;
export const CRITICAL_SOURCE_LABELS: Record<(typeof CRITICAL_SOURCES)[number], string> = {
  auto: '超出危急界值',
  manual: '医生提报',
};

/** Whom the centre told of the critical value. */
export const NOTIFY_RELATIONS = ['self', 'relative', 'other'] as const;
export const NOTIFY_RELATION_LABELS: Record<(typeof NOTIFY_RELATIONS)[number], string> = {
  self: '本人',
  relative: '家属',
  other: '其他',
};

export const NOTIFY_METHODS = ['phone', 'sms', 'face'] as const;
export const NOTIFY_METHOD_LABELS: Record<(typeof NOTIFY_METHODS)[number], string> = {
  phone: '电话',
  sms: '短信',
  face: '当面',
};

export const criticalValueRowSchema = z.object({
  id: z.number(),
  order_id: z.string(),
  /** Full for users with special_flag '1'; masked (张*三) otherwise, '***' for a confidential person. */
  cust_name: z.string(),
  sex: z.enum(['1', '2']),
  age: z.number().int(),
  special_flag: z.string(),
  item_name: z.string(),
  result_value: z.string(),
  unit: z.string().nullable(),
  /** H above the critical high limit, L below the critical low one; null for a doctor's 提报 */
  direction: z.enum(['H', 'L']).nullable(),
  level: z.enum(CRITICAL_LEVELS),
  source: z.enum(CRITICAL_SOURCES),
  /** What the doctor saw, on a manual 提报. */
  description: z.string().nullable(),
  ref_range: z.string().nullable(),
  critical_low: z.string().nullable(),
  critical_high: z.string().nullable(),
  exam_dept_id: z.number(),
  dept_name: z.string(),
  raised_by_name: z.string().nullable(),
  /** The reporter may not handle (close) their own (issue 20); the screen hides the button. */
  raised_by_id: z.number().nullable(),
  created_at: z.string(),
  status: z.enum(CRITICAL_STATUSES),
  notified_person: z.string().nullable(),
  notify_relation: z.enum(NOTIFY_RELATIONS).nullable(),
  notify_method: z.enum(NOTIFY_METHODS).nullable(),
  notified_at: z.string().nullable(),
  notified_by_name: z.string().nullable(),
  handled_by_name: z.string().nullable(),
  handled_at: z.string().nullable(),
  /** The expert's handling opinion. */
  note: z.string().nullable(),
});
export type CriticalValueRow = z.infer<typeof criticalValueRowSchema>;

const criticalFilterSchema = z
  .object({
    status: optionalChoiceField(CRITICAL_STATUS_FILTERS, '处理状态不正确'),
    level: optionalChoiceField(CRITICAL_LEVELS, '危急程度不正确'),
    date_from: dateField.optional(),
    date_to: dateField.optional(),
    exam_dept_id: optionalIdField('科室'),
    key: searchKeyField(),
    ...pageFields,
  })
  .refine((v) => !v.date_from || !v.date_to || v.date_from <= v.date_to, {
    message: '开始日期不能晚于结束日期',
    path: ['date_to'],
  });

/** 危急值列表 GET /manager/api/serdis/critical_list */
export const criticalValueListRoute = route({
  method: 'GET',
  path: '/manager/api/serdis/critical_list',
  summary: '危急值列表（按处理状态、日期、科室、姓名或体检号）',
  access: ['exam_mg/ser_dis_mg'],
  input: criticalFilterSchema,
  output: pageOf(criticalValueRowSchema).extend({
    /** All unhandled critical values, whatever the filters: the screen's badge. */
    unhandled_total: z.number().int(),
  }),
});

/** 登记危急值通知 POST /manager/api/serdis/critical_notify */
export const criticalValueNotifyRoute = route({
  method: 'POST',
  path: '/manager/api/serdis/critical_notify',
  summary: '登记危急值通知（通知了谁、与体检者关系、方式、时间）',
  // Issue 20: each stage its own permission, held by the notifying staff (护士/随访人员).
  access: ['exam_mg/ser_dis_mg:notify'],
  input: z.object({
    id: idField('危急值'),
    notified_person: z
      .string({ error: '请填写被通知人' })
      .trim()
      .min(1, '请填写被通知人')
      .max(64, '被通知人不能超过64个字'),
    notify_relation: z.enum(NOTIFY_RELATIONS, { error: '请选择被通知人与体检者的关系' }),
    notify_method: z.enum(NOTIFY_METHODS, { error: '请选择通知方式' }),
    /** When the call was made, in the centre's time; blank is now. Not in the future, not before the report. */
    notified_time: z
      .string({ error: '通知时间格式不正确' })
      .trim()
      .regex(/^(\d{4}-\d{2}-\d{2} \d{2}:\d{2})?$/, '通知时间格式应为 年-月-日 时:分')
      .optional()
      .transform((v) => v || undefined),
  }),
  output: criticalValueRowSchema,
});

/** 处理危急值 POST /manager/api/serdis/critical_handle */
export const criticalValueHandleRoute = route({
  method: 'POST',
  path: '/manager/api/serdis/critical_handle',
  summary: '专家处理危急值（已通知 → 已处理，提报人不能处理自己提报的）',
  access: ['exam_mg/ser_dis_mg:handle'],
  input: z.object({
    id: idField('危急值'),
    note: z.string({ error: '请填写处理意见' }).trim().min(1, '请填写处理意见').max(500, '处理意见不能超过500字'),
  }),
  output: criticalValueRowSchema,
});

/** 删除危急值 POST /manager/api/serdis/critical_delete */
export const criticalValueDeleteRoute = route({
  method: 'POST',
  path: '/manager/api/serdis/critical_delete',
  summary: '删除误报的危急值（仅限尚未通知的）',
  access: ['exam_mg/ser_dis_mg:delete'],
  input: z.object({
    id: idField('危急值'),
    reason: z.string({ error: '请填写删除原因' }).trim().min(1, '请填写删除原因').max(200, '删除原因不能超过200字'),
  }),
  output: z.object({ id: z.number() }),
});

/** Largest export: a filtered list, not the whole history (narrow the dates for more). */
export const CRITICAL_EXPORT_MAX_ROWS = 10_000;

/** 导出危急值 GET /manager/api/serdis/critical_export */
export const criticalValueExportRoute = route({
  method: 'GET',
  path: '/manager/api/serdis/critical_export',
  summary: '按当前筛选条件导出危急值（.xlsx）',
  access: ['exam_mg/ser_dis_mg'],
  input: criticalFilterSchema,
  output: z.unknown(),
});

/**
 * 危急值提报 POST /manager/api/serdis/critical_report — a doctor reports a finding from department
 * entry (an imaging or text result no limit catches) with the level they judge.
 */
export const criticalValueReportRoute = route({
  method: 'POST',
  path: '/manager/api/serdis/critical_report',
  summary: '科室医生手工提报危急值（项目、结果、危急程度、描述）',
  access: ['exam_mg/dept_diag_detail'],
  input: z.object({
    order_id: orderIdField,
    exam_dept_id: idField('科室'),
    item_id: idField('项目'),
    result_value: z.string({ error: '请填写结果' }).trim().min(1, '请填写结果').max(256, '结果不能超过256个字'),
    level: z.enum(CRITICAL_LEVELS, { error: '请选择危急程度' }),
    description: z.string({ error: '请填写描述' }).trim().min(1, '请填写描述').max(500, '描述不能超过500字'),
  }),
  output: criticalValueRowSchema,
});

export const criticalTodaySchema = z.object({
  /** Today's critical values not yet handled. */
  total: z.number().int(),
  /** The first of them, highest level and oldest first. */
  list: z.array(criticalValueRowSchema),
});

/** 今日未处理危急值 GET /manager/api/serdis/critical_today */
export const criticalValueTodayRoute = route({
  method: 'GET',
  path: '/manager/api/serdis/critical_today',
  summary: '今日未处理的危急值（首页，通知和处理危急值的角色）',
  access: ['exam_mg/ser_dis_mg:notify', 'exam_mg/ser_dis_mg:handle'],
  input: z.object({}),
  output: criticalTodaySchema,
});
