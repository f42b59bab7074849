import { z } from 'zod';
import { REVIEW_DETAIL_SCREENS } from './access-screens.js';
import { idField, jsonField, optionalIdField, orderIdField } from './field-schemas.js';
import { ORDER_STATUSES } from './order-status.js';
import { route } from './route.js';

/**
 * 总检's conclusion grid (issue 20): every conclusion (诊断/结论词) of the visit with its department
 * and who added it, hidden from the report or not, in the order the report prints, merged and split.
 */

/** dept: a department doctor's diagnosis; review: added in 总检; merge: two or more merged in 总检. */
export const CONCLUSION_ORIGINS = ['dept', 'review', 'merge'] as const;
export type ConclusionOrigin = (typeof CONCLUSION_ORIGINS)[number];

export const CONCLUSION_ORIGIN_LABELS: Record<ConclusionOrigin, string> = {
  dept: '科室诊断',
  review: '总检添加',
  merge: '总检合并',
};

export const reviewConclusionSchema = z.object({
  id: z.number(),
  diag_id: z.number().nullable(),
  diag_name: z.string(),
  /** 个人建议 */
  advice: z.string(),
  /** 团体建议: what the group report (团体报告) prints */
  group_advice: z.string(),
  dept_id: z.number().nullable(),
  /** The department, or null for what 总检 added or merged. */
  dept_name: z.string().nullable(),
  origin: z.enum(CONCLUSION_ORIGINS),
  added_by_name: z.string().nullable(),
  /** 报告中隐藏 */
  hidden: z.boolean(),
  /** A merged conclusion's parts, in their order; empty otherwise. */
  members: z.array(z.object({ id: z.number(), diag_name: z.string(), dept_name: z.string().nullable() })),
});
export type ReviewConclusion = z.infer<typeof reviewConclusionSchema>;

const conclusionList = z.array(reviewConclusionSchema);

const nameField = z
  .string({ error: '请填写结论名称' })
  .trim()
  .min(1, '请填写结论名称')
  .max(128, '结论名称不能超过128字');
const personalAdviceField = z.string().trim().max(2000, '个人建议不能超过2000字').default('');
const groupAdviceField = z.string().trim().max(2000, '团体建议不能超过2000字').default('');
const conclusionIdField = idField('结论');

/** 总检结论列表 GET /manager/api/examreview/conclusions */
export const reviewConclusionsRoute = route({
  method: 'GET',
  path: '/manager/api/examreview/conclusions',
  summary: '总检结论列表：科室诊断与总检添加、合并的结论，按报告顺序',
  access: REVIEW_DETAIL_SCREENS,
  input: z.object({ order_id: orderIdField }),
  output: conclusionList,
});

/** 新增总检结论 POST /manager/api/examreview/conclusion_add */
export const conclusionAddRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/conclusion_add',
  summary: '新增总检结论（可选自诊断库），含个人建议与团体建议',
  access: REVIEW_DETAIL_SCREENS,
  input: z.object({
    order_id: orderIdField,
    diag_id: optionalIdField('诊断'),
    diag_name: nameField,
    advice: personalAdviceField,
    group_advice: groupAdviceField,
  }),
  output: conclusionList,
});

/** 调整总检结论 POST /manager/api/examreview/conclusion_edit */
export const conclusionEditRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/conclusion_edit',
  summary: '调整一条结论的名称、个人建议与团体建议',
  access: REVIEW_DETAIL_SCREENS,
  input: z.object({
    order_id: orderIdField,
    id: conclusionIdField,
    diag_name: nameField,
    advice: personalAdviceField,
    group_advice: groupAdviceField,
  }),
  output: conclusionList,
});

/** 删除总检结论 POST /manager/api/examreview/conclusion_delete */
export const conclusionDeleteRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/conclusion_delete',
  summary: '删除总检添加的结论（合并的结论须先拆分）',
  access: REVIEW_DETAIL_SCREENS,
  input: z.object({ order_id: orderIdField, id: conclusionIdField }),
  output: conclusionList,
});

/** 报告中隐藏 POST /manager/api/examreview/conclusion_hide */
export const conclusionHideRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/conclusion_hide',
  summary: '结论在报告中隐藏或重新显示',
  access: REVIEW_DETAIL_SCREENS,
  input: z.object({
    order_id: orderIdField,
    id: conclusionIdField,
    hidden: z.enum(['0', '1'], { error: '隐藏标记不正确' }),
  }),
  output: conclusionList,
});

/** 上移/下移 POST /manager/api/examreview/conclusion_move */
export const conclusionMoveRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/conclusion_move',
  summary: '结论上移或下移一位（报告按此顺序打印）',
  access: REVIEW_DETAIL_SCREENS,
  input: z.object({
    order_id: orderIdField,
    id: conclusionIdField,
    direction: z.enum(['up', 'down'], { error: '移动方向不正确' }),
  }),
  output: conclusionList,
});

/** 合并结论 POST /manager/api/examreview/conclusion_merge */
export const conclusionMergeRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/conclusion_merge',
  summary: '把两条或多条结论合并为一条（报告只打印合并后的结论）',
  access: REVIEW_DETAIL_SCREENS,
  input: z.object({
    order_id: orderIdField,
    ids: jsonField(z.array(z.number().int().positive()).min(2, '请至少选择两条结论合并'), '合并的结论'),
    diag_name: nameField,
    advice: personalAdviceField,
    group_advice: groupAdviceField,
  }),
  output: conclusionList,
});

/** 拆分结论 POST /manager/api/examreview/conclusion_split */
export const conclusionSplitRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/conclusion_split',
  summary: '拆分合并的结论，恢复原来的各条结论',
  access: REVIEW_DETAIL_SCREENS,
  input: z.object({ order_id: orderIdField, id: conclusionIdField }),
  output: conclusionList,
});

/** The button permission of 存入诊断库: it writes 体检配置's diagnosis dictionary. */
export const SAVE_TO_DICT_ACCESS = 'exam_mg/rev_apr_detail:save_dict' as const;

/** 存入诊断库 POST /manager/api/examreview/conclusion_to_dict */
export const conclusionToDictRoute = route({
  method: 'POST',
  path: '/manager/api/examreview/conclusion_to_dict',
  summary: '把手写的结论词存入诊断库（已有同名诊断时拒绝）',
  access: [SAVE_TO_DICT_ACCESS],
  input: z.object({ order_id: orderIdField, id: conclusionIdField }),
  output: z.object({ diag_id: z.number(), diag_code: z.string(), conclusions: conclusionList }),
});

/** abnormal: flagged H/L/A; changed: differs from the same item in the visit it is compared with. */
export const HISTORY_MARKS = ['', 'abnormal', 'changed'] as const;
export type HistoryMark = (typeof HISTORY_MARKS)[number];

export const historyVisitSchema = z.object({
  order_id: z.string(),
  exam_date: z.string(),
  order_status: z.enum(ORDER_STATUSES),
  package_name: z.string().nullable(),
  /** Its report PDF can be opened (final review passed). */
  report_ready: z.boolean(),
  conclusion: z.string(),
  /** Its conclusions as its report printed them (hidden ones left out, merged ones once). */
  conclusions: z.array(z.string()),
});
export type HistoryVisit = z.infer<typeof historyVisitSchema>;

export const visitHistorySchema = z.object({
  /** This visit first, then the earlier ones, newest first. */
  visits: z.array(historyVisitSchema),
  /** Each item found in any of them; cells follow `visits`. */
  items: z.array(
    z.object({
      item_id: z.number(),
      item_name: z.string(),
      dept_name: z.string(),
      unit: z.string().nullable(),
      cells: z.array(
        z.object({
          value: z.string().nullable(),
          flag: z.string(),
          /** Set only where the item is in this visit and the compared one. */
          mark: z.enum(HISTORY_MARKS),
        }),
      ),
    }),
  ),
});
export type VisitHistory = z.infer<typeof visitHistorySchema>;

/** 历史对比 GET /manager/api/examreview/review_history */
export const visitHistoryRoute = route({
  method: 'GET',
  path: '/manager/api/examreview/review_history',
  summary: '同一身份证号的历次体检与本次对比：项目结果与结论',
  access: REVIEW_DETAIL_SCREENS,
  input: z.object({ order_id: orderIdField }),
  output: visitHistorySchema,
});

/** 查看历史报告 GET /manager/api/examreview/history_report_pdf (a PDF, not the envelope) */
export const historyReportPdfRoute = route({
  method: 'GET',
  path: '/manager/api/examreview/history_report_pdf',
  summary: '查看该体检者以往一次体检的报告PDF',
  access: REVIEW_DETAIL_SCREENS,
  input: z.object({ order_id: orderIdField, history_order_id: orderIdField }),
  output: z.unknown(),
});

export const REVIEW_CONCLUSION_ROUTES = [
  reviewConclusionsRoute,
  conclusionAddRoute,
  conclusionEditRoute,
  conclusionDeleteRoute,
  conclusionHideRoute,
  conclusionMoveRoute,
  conclusionMergeRoute,
  conclusionSplitRoute,
  conclusionToDictRoute,
  visitHistoryRoute,
  historyReportPdfRoute,
];
