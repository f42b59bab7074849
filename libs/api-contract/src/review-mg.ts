import { z } from 'zod';
import { REVIEW_DETAIL_SCREENS } from './access-screens.js';
import { PAY_MODES } from './company.js';
import { dateField, idField, jsonField, optionalChoiceField, orderIdField, searchKeyField } from './field-schemas.js';
import { ORDER_STATUSES } from './order-status.js';
import { defineResource, type ResourceRow } from './resource/define-resource.js';
import { withDayRange } from './resource/day-range.js';
import { route } from './route.js';

/**
 * 复查管理 (exam_mg/review_mg, breadth §9 review_mg, issue 20): the chief examiner marks a visit 需复查
 * in 总检 — the unions to do again, chosen from the visit's own, when, and notes for the examinee — and
 * 复查管理 lists those re-exams, registers the re-exam visit (exam type 复查, linked to the first visit)
 * or cancels one with a reason.
 */

export const REVIEW_PLAN_STATUSES = ['pending', 'registered', 'done', 'cancelled'] as const;
export type ReviewPlanStatus = (typeof REVIEW_PLAN_STATUSES)[number];
export const REVIEW_PLAN_STATUS_LABELS: Record<ReviewPlanStatus, string> = {
  pending: '待复查',
  registered: '已登记',
  done: '已完成',
  cancelled: '已取消',
};

/** 复查 is not a type the desk registers on its own: only 登记复查 creates such a visit. */
export const REVIEW_EXAM_TYPE = 'review';

/** 3 个月后复查: the intervals a centre offers. */
export const REVIEW_INTERVALS = [1, 3, 6, 12] as const;

const MAX_REVIEW_UNIONS = 30;

export const REVIEW_MG_MESSAGES = {
  noUnions: '请选择复查项目',
  duplicate: (name: string) => `复查项目「${name}」重复`,
  when: '请选择复查间隔或复查日期',
  endBeforeStart: '复查结束日期不能早于复查开始日期',
  notPickable: '复查项目应从本次体检的项目中选择',
  tooEarly: '此次体检尚未完成科室检查，不能安排复查',
  registered: (orderId: string) => `该复查已登记（复查体检号 ${orderId}），不能修改或重复登记`,
  cancelled: '该复查已取消',
  notFound: '复查记录不存在',
  companyPay: '个人体检的复查不能由单位统收',
  cancelRegistered: '该复查已登记，请先在登记详情反登记复查体检后再取消',
} as const;

const unionIdsField = jsonField(
  z
    .array(z.number().int().positive(), { error: '复查项目格式不正确' })
    .min(1, REVIEW_MG_MESSAGES.noUnions)
    .max(MAX_REVIEW_UNIONS, `复查项目最多${MAX_REVIEW_UNIONS}个`),
  '复查项目',
);

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .optional()
    .transform((v) => v || undefined);

const intervalField = z
  .union([z.string(), z.number()], { error: '复查间隔格式不正确' })
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : Number(v)))
  .refine((v) => v === undefined || (Number.isInteger(v) && v >= 1 && v <= 24), '复查间隔应为1到24个月');

/** 需复查 as the chief sets it: the unions, and either an interval in months or a day. */
export const reviewPlanInput = z
  .object({
    order_id: orderIdField,
    union_ids: unionIdsField,
    interval_months: intervalField,
    due_date: dateField.optional().or(z.literal('').transform(() => undefined)),
    due_end: dateField.optional().or(z.literal('').transform(() => undefined)),
    notes: optionalText(200, '注意事项'),
  })
  .refine((v) => v.interval_months !== undefined || v.due_date !== undefined, {
    message: REVIEW_MG_MESSAGES.when,
    path: ['interval_months'],
  });

export const reviewPlanSchema = z.object({
  id: z.number().int(),
  order_id: z.string(),
  union_ids: z.array(z.number().int()),
  union_names: z.array(z.string()),
  interval_months: z.number().int().nullable(),
  due_date: z.string(),
  due_end: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(REVIEW_PLAN_STATUSES),
  review_order_id: z.string().nullable(),
  created_by_name: z.string(),
});
export type ReviewPlan = z.infer<typeof reviewPlanSchema>;

/** 复查建议 GET /manager/api/review_mg/visit_plan — a visit's re-exam and the unions it may pick from. */
export const reviewVisitPlanRoute = route({
  method: 'GET',
  path: '/manager/api/review_mg/visit_plan',
  summary: '本次体检的复查建议及可选复查项目',
  access: REVIEW_DETAIL_SCREENS,
  input: z.object({ order_id: orderIdField }),
  output: z.object({
    plan: reviewPlanSchema.nullable(),
    /** The visit's own unions (breadth: review items are picked from the package). */
    unions: z.array(
      z.object({
        union_id: z.number().int(),
        union_name: z.string(),
        /** A result of it is abnormal: offered as the re-exam's items when none are set yet. */
        abnormal: z.boolean(),
      }),
    ),
  }),
});

/** 需复查 POST /manager/api/review_mg/mark — creates the visit's re-exam or changes it while it waits. */
export const reviewMarkRoute = route({
  method: 'POST',
  path: '/manager/api/review_mg/mark',
  summary: '标记需复查（复查项目、间隔或日期、注意事项）',
  access: REVIEW_DETAIL_SCREENS,
  input: reviewPlanInput,
  output: reviewPlanSchema,
});

/** 登记复查 POST /manager/api/review_mg/register — the re-exam visit for the same person. */
export const reviewRegisterRoute = route({
  method: 'POST',
  path: '/manager/api/review_mg/register',
  summary: '登记复查（同一体检者，体检类型复查，关联首次体检）',
  access: ['exam_mg/review_mg'],
  input: z.object({
    id: idField('复查记录'),
    union_ids: unionIdsField,
    exam_date: dateField,
    /** 复查收费方式: 自费, or 统收 by the first visit's company. */
    pay_mode: z.enum(PAY_MODES, { error: '请选择复查收费方式' }).default('self'),
    /** 复查折扣 in percent (90 = 九折); absent: the list prices. Below the clerk's floor a leader confirms. */
    discount_rate: z
      .union([z.string(), z.number()], { error: '复查折扣格式不正确' })
      .optional()
      .transform((v) => (v === undefined || v === '' ? undefined : Number(v)))
      .refine((v) => v === undefined || (v >= 1 && v <= 100), '复查折扣应在1到100之间（90即九折）'),
    leader_account: optionalText(64, '领导账号'),
    leader_password: z
      .string()
      .max(1024, '领导密码格式不正确')
      .optional()
      .transform((v) => v || undefined),
  }),
  output: z.object({ id: z.number().int(), order_id: z.string(), total_price: z.string() }),
});

/** 取消复查 POST /manager/api/review_mg/cancel */
export const reviewCancelRoute = route({
  method: 'POST',
  path: '/manager/api/review_mg/cancel',
  summary: '取消复查（须填原因）',
  access: ['exam_mg/review_mg'],
  input: z.object({
    id: idField('复查记录'),
    reason: z.string({ error: '请填写取消原因' }).trim().min(1, '请填写取消原因').max(200, '取消原因不能超过200个字符'),
  }),
  output: z.object({ id: z.number().int(), status: z.literal('cancelled') }),
});

const reviewListRow = z.object({
  order_id: z.string(),
  /** '***' for a confidential person. */
  cust_name: z.string(),
  sex: z.string(),
  /** Masked (138****5678). */
  phone: z.string().nullable(),
  exam_date: z.string(),
  union_ids: z.array(z.number().int()),
  union_names: z.string(),
  interval_months: z.number().int().nullable(),
  due_date: z.string(),
  due_end: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(REVIEW_PLAN_STATUSES),
  review_order_id: z.string().nullable(),
  review_exam_date: z.string().nullable(),
  review_order_status: z.enum(ORDER_STATUSES).nullable(),
  /** Whether the first visit was a group one: only then may the company pay the re-exam. */
  company_name: z.string().nullable(),
  created_by_name: z.string(),
  created_at: z.string(),
  cancel_reason: z.string().nullable(),
});

/** 复查管理 (exam_mg/review_mg): the re-exams by their due day, a read-only resource with its export. */
export const reviewPlanResource = defineResource({
  name: 'review_plan',
  title: '复查',
  base: '/manager/api/review_mg',
  screens: ['exam_mg/review_mg'],
  kept: false,
  row: reviewListRow,
  form: z.object({}),
  filter: withDayRange({
    status: optionalChoiceField(REVIEW_PLAN_STATUSES, '状态不正确'),
    key: searchKeyField(32),
  }),
  actions: ['list', 'export'],
  excel: [
    { key: 'order_id', title: '体检号' },
    { key: 'cust_name', title: '姓名' },
    { key: 'phone', title: '手机号' },
    { key: 'exam_date', title: '体检日期' },
    { key: 'union_names', title: '复查项目' },
    { key: 'due_date', title: '应复查日期' },
    { key: 'status', title: '状态', labels: REVIEW_PLAN_STATUS_LABELS },
    { key: 'review_order_id', title: '复查体检号' },
    { key: 'notes', title: '注意事项' },
    { key: 'created_by_name', title: '建议医生' },
    { key: 'cancel_reason', title: '取消原因' },
  ],
});
export type ReviewPlanRow = ResourceRow<typeof reviewPlanResource>;

export const REVIEW_MG_ROUTES = [
  reviewVisitPlanRoute,
  reviewMarkRoute,
  reviewRegisterRoute,
  reviewCancelRoute,
] as const;
