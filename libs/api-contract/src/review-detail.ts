import { z } from 'zod';
import { idField, jsonField, orderIdField, searchKeyField } from './field-schemas.js';
import { ORDER_STATUSES } from './order-status.js';
import { REVIEW_DETAIL_SCREENS } from './access-screens.js';
import { route } from './route.js';
import { REVIEW_STEPS } from './review-steps.js';

const stepField = z.enum(REVIEW_STEPS, { error: '审核步骤不正确' });
const reasonField = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(500, `${label}不能超过500字`);

export const conclusionField = z.string().max(4000, '总检结论不能超过4000字').default('');
export const adviceField = z.string().max(8000, '建议不能超过8000字').default('');

const reviewItemSchema = z.object({
  item_id: z.number(),
  item_name: z.string(),
  result_value: z.string().nullable(),
  unit: z.string().nullable(),
  ref_range: z.string(),
  /** '' normal, H, L, A (result-judgement.ts) */
  abnormal_flag: z.string(),
  critical_flag: z.string(),
});

export const reviewDeptSchema = z.object({
  dept_id: z.number(),
  dept_name: z.string(),
  /** '0' waiting, '1' results entered, '2' signed */
  dept_status: z.string(),
  sign_user_name: z.string().nullable(),
  signed_at: z.string().nullable(),
  dept_exception_flag: z.string(),
  unions: z.array(
    z.object({ union_id: z.number(), union_name: z.string(), status: z.string(), items: z.array(reviewItemSchema) }),
  ),
  summary: z.array(z.string()),
  diag_list: z.array(z.object({ diag_name: z.string(), advice: z.string() })),
});
export type ReviewDept = z.infer<typeof reviewDeptSchema>;

export const reviewHistorySchema = z.object({
  step: z.enum(REVIEW_STEPS),
  /** unpass: a 反审 of the step (issue 20), with its reason */
  result: z.enum(['pass', 'return', 'unpass']),
  reason: z.string().nullable(),
  reviewer_name: z.string(),
  created_at: z.string(),
});

export const reviewDetailSchema = z.object({
  order_id: z.string(),
  order_status: z.enum(ORDER_STATUSES),
  step: z.enum(REVIEW_STEPS).nullable(),
  exam_type: z.string(),
  exam_date: z.string(),
  harm_factors: z.array(z.string()),
  customer: z.object({ cust_name: z.string(), sex: z.enum(['1', '2']), age: z.number(), special_flag: z.string() }),
  package_name: z.string().nullable(),
  conclusion: z.string(),
  advice: z.string(),
  correction_status: z.string(),
  /** spec §3 review_exception_flag: '1' while a chief-examination exception is unhandled */
  review_exception_flag: z.enum(['0', '1']),
  depts: z.array(reviewDeptSchema),
  reviews: z.array(reviewHistorySchema),
});
export type ReviewDetail = z.infer<typeof reviewDetailSchema>;

/** 总检详情 GET /manager/api/examreview/review_detail */
export const reviewDetailRoute = route({
  method: 'GET',
  path: '/manager/api/examreview/review_detail',
  summary: '总检详情：各科室结果、小结、诊断，总检结论与建议，审核记录',
  access: [...REVIEW_DETAIL_SCREENS, 'exam_mg/tally_sheet_detail'],
  input: z.object({ order_id: orderIdField }),
  output: reviewDetailSchema,
});

const conclusionInput = z.object({ order_id: orderIdField, conclusion: conclusionField, advice: adviceField });

/** 保存总检结论 POST /manager/api/examreview/review_save */
export const reviewSaveRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/review_save',
  summary: '保存总检结论与建议',
  access: REVIEW_DETAIL_SCREENS,
  input: conclusionInput,
  output: reviewDetailSchema,
});

/** 审核通过 POST /manager/api/examreview/review_pass */
export const reviewPassRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/review_pass',
  summary: '本步骤审核通过（连同结论与建议保存；终审通过后可打印报告）',
  access: REVIEW_DETAIL_SCREENS,
  input: conclusionInput.extend({ step: stepField }),
  output: z.object({ order_id: z.string(), order_status: z.enum(ORDER_STATUSES) }),
});

/** 审核退回 POST /manager/api/examreview/review_return */
export const reviewReturnRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/review_return',
  summary: '退回上一步或退回科室（须填写原因）',
  access: REVIEW_DETAIL_SCREENS,
  input: z.object({
    order_id: orderIdField,
    step: stepField,
    /** previous: to the step before (the first step's is the departments); depts: to the departments */
    target: z.enum(['previous', 'depts'], { error: '退回去向不正确' }),
    reason: reasonField('退回原因'),
    /** The departments to reopen when returning to them. */
    exam_dept_ids: jsonField(z.array(z.number().int().positive()), '退回科室').optional(),
  }),
  output: z.object({ order_id: z.string(), order_status: z.enum(ORDER_STATUSES) }),
});

/** 标记总检异常 POST /manager/api/examreview/set_review_exception */
export const setReviewExceptionRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/set_review_exception',
  summary: '标记总检异常（记入异常历史）',
  access: REVIEW_DETAIL_SCREENS,
  input: z.object({ order_id: orderIdField, reason: reasonField('异常原因') }),
  output: z.object({ order_id: z.string(), review_exception_flag: z.literal('1') }),
});

/** 处理异常 POST /manager/api/examreview/handle_exception */
export const handleExceptionRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/handle_exception',
  summary: '处理一条异常（置为已处理 2）',
  access: REVIEW_DETAIL_SCREENS,
  input: z.object({ order_id: orderIdField, id: idField('异常记录'), advise: reasonField('处理意见') }),
  output: z.object({ id: z.number(), review_exception_flag: z.literal('2') }),
});

/** 撤回异常报告状态 POST /manager/api/examreview/recall_abnormal */
export const recallAbnormalRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/recall_abnormal',
  summary: '撤回异常报告状态：未处理的异常全部置为已处理，恢复报告可打印（spec §4）',
  access: REVIEW_DETAIL_SCREENS,
  input: z.object({ order_id: orderIdField, reason: reasonField('撤回原因') }),
  output: z.object({ order_id: z.string(), handled: z.number().int() }),
});

/** 诊断字典检索（总检） GET /manager/api/examreview/search_diagnosis */
export const reviewSearchDiagnosisRoute = route({
  method: 'GET',
  path: '/manager/api/examreview/search_diagnosis',
  summary: '按名称或编码检索全部诊断字典（总检用）',
  access: REVIEW_DETAIL_SCREENS,
  input: z.object({ keyword: searchKeyField() }),
  output: z.array(z.object({ diag_id: z.number(), diag_code: z.string(), diag_name: z.string(), advice: z.string() })),
});
