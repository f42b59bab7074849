import { z } from 'zod';
import {
  dateField,
  idField,
  optionalChoiceField,
  optionalIdField,
  pageFields,
  pageOf,
  searchKeyField,
} from './field-schemas.js';
import { route } from './route.js';

/** spec §4: a critical value moves from unhandled ('0') to handled ('2'), like an exception. */
export const CRITICAL_STATUSES = ['0', '2'] as const;
export type CriticalStatus = (typeof CRITICAL_STATUSES)[number];
export const CRITICAL_STATUS_LABELS: Record<CriticalStatus, string> = { '0': '未处理', '2': '已处理' };

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
  /** H above the critical high limit, L below the critical low one */
  direction: z.enum(['H', 'L']),
  ref_range: z.string().nullable(),
  critical_low: z.string().nullable(),
  critical_high: z.string().nullable(),
  exam_dept_id: z.number(),
  dept_name: z.string(),
  raised_by_name: z.string().nullable(),
  created_at: z.string(),
  status: z.enum(CRITICAL_STATUSES),
  notified_person: z.string().nullable(),
  notify_relation: z.enum(NOTIFY_RELATIONS).nullable(),
  notify_method: z.enum(NOTIFY_METHODS).nullable(),
  notified_at: z.string().nullable(),
  notified_by_name: z.string().nullable(),
  handled_by_name: z.string().nullable(),
  handled_at: z.string().nullable(),
  note: z.string().nullable(),
});
export type CriticalValueRow = z.infer<typeof criticalValueRowSchema>;

/** 危急值列表 GET /manager/api/serdis/critical_list */
export const criticalValueListRoute = route({
  method: 'GET',
  path: '/manager/api/serdis/critical_list',
  summary: '危急值列表（按处理状态、日期、科室、姓名或体检号）',
  access: ['exam_mg/ser_dis_mg'],
  input: z
    .object({
      status: optionalChoiceField(CRITICAL_STATUSES, '处理状态不正确'),
      date_from: dateField.optional(),
      date_to: dateField.optional(),
      exam_dept_id: optionalIdField('科室'),
      key: searchKeyField(),
      ...pageFields,
    })
    .refine((v) => !v.date_from || !v.date_to || v.date_from <= v.date_to, {
      message: '开始日期不能晚于结束日期',
      path: ['date_to'],
    }),
  output: pageOf(criticalValueRowSchema).extend({
    /** All unhandled critical values, whatever the filters: the screen's badge. */
    unhandled_total: z.number().int(),
  }),
});

/** 登记危急值通知 POST /manager/api/serdis/critical_notify */
export const criticalValueNotifyRoute = route({
  method: 'POST',
  path: '/manager/api/serdis/critical_notify',
  summary: '登记危急值通知（通知了谁、以何种方式）',
  access: ['exam_mg/ser_dis_mg'],
  input: z.object({
    id: idField('危急值'),
    notified_person: z
      .string({ error: '请填写被通知人' })
      .trim()
      .min(1, '请填写被通知人')
      .max(64, '被通知人不能超过64个字'),
    notify_relation: z.enum(NOTIFY_RELATIONS, { error: '请选择被通知人与体检者的关系' }),
    notify_method: z.enum(NOTIFY_METHODS, { error: '请选择通知方式' }),
  }),
  output: criticalValueRowSchema,
});

/** 处理危急值 POST /manager/api/serdis/critical_handle */
export const criticalValueHandleRoute = route({
  method: 'POST',
  path: '/manager/api/serdis/critical_handle',
  summary: '处理危急值（未处理 → 已处理）',
  access: ['exam_mg/ser_dis_mg'],
  input: z.object({
    id: idField('危急值'),
    note: z.string({ error: '请填写处理意见' }).trim().min(1, '请填写处理意见').max(500, '处理意见不能超过500字'),
  }),
  output: criticalValueRowSchema,
});
