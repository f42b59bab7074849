import { z } from 'zod';
import {
  dateField,
  idField,
  jsonField,
  optionalChoiceField,
  orderIdField,
  pageFields,
  pageOf,
  searchKeyField,
} from './field-schemas.js';
import { ORDER_STATUSES } from './order-status.js';
import { REVIEW_ALLOT_SCREENS } from './access-screens.js';
import { route } from './route.js';
import { REVIEW_STEPS } from './review-steps.js';

const stepField = z.enum(REVIEW_STEPS, { error: '审核步骤不正确' });
const optionalDate = dateField.optional().or(z.literal('').transform(() => undefined));

export const reviewWorklistRowSchema = z.object({
  order_id: z.string(),
  cust_name: z.string(),
  sex: z.enum(['1', '2']),
  age: z.number().int(),
  special_flag: z.string(),
  exam_type: z.string(),
  exam_date: z.string(),
  order_status: z.enum(ORDER_STATUSES),
  /** The step the visit waits for; null once the final review passed. */
  step: z.enum(REVIEW_STEPS).nullable(),
  reviewer_id: z.number().nullable(),
  reviewer_name: z.string().nullable(),
  /** '1' while a chief-examination or department exception is unhandled */
  exception_flag: z.enum(['0', '1']),
  /** The latest return of the visit, when it was returned and not passed since. */
  return_reason: z.string().nullable(),
});
export type ReviewWorklistRow = z.infer<typeof reviewWorklistRowSchema>;

/** 总检工作列表 GET /manager/api/examreview/review_worklist */
export const reviewWorklistRoute = route({
  method: 'GET',
  path: '/manager/api/examreview/review_worklist',
  summary: '总检审核工作列表（按步骤、日期、分配情况；本人的排在前面）',
  access: [
    'exam_mg/rev_apr',
    'exam_mg/first_trial',
    'exam_mg/second_trial',
    'exam_mg/last_trial',
    'exam_mg/rejects_report',
  ],
  input: z.object({
    /** Blank: every visit under review, and those whose final review passed (rev_apr). */
    step: optionalChoiceField(REVIEW_STEPS, '审核步骤不正确'),
    date_from: optionalDate,
    date_to: optionalDate,
    /** mine: assigned to me; assigned / unassigned: to anyone or nobody */
    assigned: optionalChoiceField(['mine', 'assigned', 'unassigned'], '分配条件不正确'),
    /** '1': only visits returned and not passed since, wherever they are now (rejects_report). */
    returned: optionalChoiceField(['1'], '退回条件不正确'),
    /**
     * 'mine' with a step (issue 20): the visits whose pass of that step was mine and that wait for the
     * next level (or, after 终审, are not printed yet) — where a 反审 is looked for.
     */
    passed: optionalChoiceField(['mine'], '通过条件不正确'),
    keyword: searchKeyField(),
    ...pageFields,
  }),
  output: pageOf(reviewWorklistRowSchema),
});

/** 审核医生列表 GET /manager/api/examreview/reviewer_list */
export const reviewerListRoute = route({
  method: 'GET',
  path: '/manager/api/examreview/reviewer_list',
  summary: '可分配该审核步骤的医生',
  access: REVIEW_ALLOT_SCREENS,
  input: z.object({ step: stepField }),
  output: z.array(z.object({ id: z.number(), user_name: z.string(), assigned: z.number().int() })),
});

const orderIdsField = jsonField(
  z.array(orderIdField).min(1, '请选择要分配的体检订单').max(500, '一次最多分配500个订单'),
  '体检订单',
);

/** 分配审核 POST /manager/api/examreview/review_assign */
export const reviewAssignRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/review_assign',
  summary: '把选中的体检订单分配给审核医生（已分配的改派）',
  access: REVIEW_ALLOT_SCREENS,
  input: z.object({ step: stepField, order_ids: orderIdsField, reviewer_id: idField('审核医生') }),
  output: z.object({ assigned: z.number().int() }),
});

/** 自动分配审核 POST /manager/api/examreview/review_auto_assign */
export const reviewAutoAssignRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/review_auto_assign',
  summary: '把未分配的待审订单平均分给所选医生（已分配多的少分）',
  access: REVIEW_ALLOT_SCREENS,
  input: z.object({
    step: stepField,
    date_from: optionalDate,
    date_to: optionalDate,
    reviewer_ids: jsonField(z.array(z.number().int().positive()).min(1, '请选择审核医生'), '审核医生'),
  }),
  output: z.object({ assigned: z.array(z.object({ reviewer_id: z.number(), count: z.number().int() })) }),
});

/** 取消分配 POST /manager/api/examreview/review_unassign */
export const reviewUnassignRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/review_unassign',
  summary: '取消选中订单的审核分配',
  access: REVIEW_ALLOT_SCREENS,
  input: z.object({ step: stepField, order_ids: orderIdsField }),
  output: z.object({ removed: z.number().int() }),
});

export const tallyRowSchema = z.object({
  dept_id: z.number(),
  dept_name: z.string(),
  /** '0' waiting, '1' results entered, '2' signed */
  dept_status: z.string(),
  unions: z.array(
    z.object({
      union_id: z.number(),
      union_name: z.string(),
      /** '0' to do, '1' done, '2' given up (弃检), '3' postponed */
      status: z.string(),
      item_count: z.number().int(),
      result_count: z.number().int(),
    }),
  ),
});

/** 报告核对单 GET /manager/api/examreview/tally_sheet */
export const tallySheetRoute = route({
  method: 'GET',
  path: '/manager/api/examreview/tally_sheet',
  summary: '报告核对单：各科室、项目的完成、弃检情况',
  access: ['exam_mg/tally_sheet', 'exam_mg/tally_sheet_detail'],
  input: z.object({ order_id: orderIdField }),
  output: z.object({
    order_id: z.string(),
    cust_name: z.string(),
    order_status: z.enum(ORDER_STATUSES),
    depts: z.array(tallyRowSchema),
    ordered: z.number().int(),
    done: z.number().int(),
    given_up: z.number().int(),
    /** Unions neither done nor given up, by name */
    missing: z.array(z.string()),
  }),
});
