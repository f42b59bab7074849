import { z } from 'zod';
import { dateField, idField, optionalChoiceField, optionalIdField, pageFields, pageOf } from '../field-schemas.js';
import { route } from '../route.js';

/**
 * 团检报告 (bi/group_report, breadth §4.3): a report definition (样本) over one company's group order,
 * its generated analysis kept as a snapshot, and its review. Hand-written rather than a defineReport
 * report: it has a life (生成 → 提交 → 审核) and one document, not a paged table.
 */
export const GROUP_REPORT_STATES = ['draft', 'generated', 'submitted', 'approved', 'rejected'] as const;
export type GroupReportState = (typeof GROUP_REPORT_STATES)[number];

export const GROUP_REPORT_STATE_LABELS: Record<GroupReportState, string> = {
  draft: '草稿',
  generated: '已生成',
  submitted: '已提交',
  approved: '审核通过',
  rejected: '审核不通过',
};

/**
 * The moves, each allowed only from its states. 生成 may be repeated until the report is submitted;
 * 撤回 takes a submitted report back to 已生成; 反审核 returns a reviewed one to 已提交.
 */
export const GROUP_REPORT_MOVES = {
  save: { from: ['draft', 'generated', 'rejected'], label: '修改' },
  remove: { from: ['draft', 'generated', 'rejected'], label: '删除' },
  generate: { from: ['draft', 'generated', 'rejected'], label: '生成' },
  submit: { from: ['generated'], label: '提交' },
  withdraw: { from: ['submitted'], label: '撤回' },
  review: { from: ['submitted'], label: '审核' },
  unreview: { from: ['approved', 'rejected'], label: '反审核' },
} as const satisfies Record<string, { from: readonly GroupReportState[]; label: string }>;
export type GroupReportMove = keyof typeof GROUP_REPORT_MOVES;

/** Why a move is refused in a state: names the state and the states it needs. */
export function groupReportRefusal(move: GroupReportMove, state: GroupReportState): string | null {
  const rule = GROUP_REPORT_MOVES[move];
  if ((rule.from as readonly string[]).includes(state)) return null;
  const needs = rule.from.map((s) => GROUP_REPORT_STATE_LABELS[s]).join('、');
  return `团检报告状态为“${GROUP_REPORT_STATE_LABELS[state]}”，不能${rule.label}（只有${needs}的报告可以${rule.label}）`;
}

export const GROUP_REPORT_MESSAGES = {
  notFound: '团检报告不存在',
  orderOfCompany: '所选订单不属于该团体',
  dateOrder: '开始登记日期不能晚于结束登记日期',
  rejectReason: '审核不通过时请填写未通过原因',
  noSnapshot: '团检报告尚未生成，请先生成',
  noVisits: '该订单在所选登记日期内没有体检记录，不能生成',
} as const;

/** Where the occupational tables go once the occupational health module is live (breadth §4.3). */
export const GROUP_REPORT_OCCUPATIONAL_NOTE = '职业健康检查模块上线后提供';

const sampleName = z
  .string({ error: '请填写样本名称' })
  .trim()
  .min(1, '请填写样本名称')
  .max(64, '样本名称不能超过64个字');

/** 新建/修改 form: required 团体, 订单, 样本名称, 分中心 and 登记日期; options 性别 and 是否含未检. */
export const groupReportFormSchema = z
  .object({
    id: optionalIdField('团检报告'),
    company_id: idField('团体'),
    group_order_id: idField('订单'),
    sample_name: sampleName,
    branch_id: idField('分中心'),
    date_from: z.string({ error: '请选择开始登记日期' }).pipe(dateField),
    date_to: z.string({ error: '请选择结束登记日期' }).pipe(dateField),
    /** '' both, '1' 男, '2' 女. */
    sex: optionalChoiceField(['1', '2'], '性别不正确'),
    /** 是否含未检: '1' counts the people not yet examined in the analysis tables too. */
    include_absent: z.enum(['0', '1'], { error: '请选择是否含未检' }).default('0'),
  })
  .refine((f) => f.date_from <= f.date_to, { message: GROUP_REPORT_MESSAGES.dateOrder, path: ['date_to'] });
export type GroupReportForm = z.input<typeof groupReportFormSchema>;

export const groupReportRowSchema = z.object({
  id: z.number(),
  sample_name: z.string(),
  company_id: z.number(),
  company_name: z.string(),
  group_order_id: z.number(),
  order_no: z.string(),
  order_name: z.string(),
  branch_id: z.number(),
  branch_name: z.string().nullable(),
  date_from: z.string(),
  date_to: z.string(),
  sex: z.string().nullable(),
  include_absent: z.boolean(),
  state: z.enum(GROUP_REPORT_STATES),
  reject_reason: z.string().nullable(),
  generated_at: z.string().nullable(),
  created_by_name: z.string().nullable(),
  reviewed_by_name: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});
export type GroupReportRow = z.infer<typeof groupReportRowSchema>;

const mfTotal = { male: z.number(), female: z.number(), total: z.number() };

/**
 * The generated analysis (breadth §4.3 analysis tabs), stored as it was at 生成 so the reviewed report
 * does not change under its reviewer. Percentages are text with one decimal ('12.5').
 */
export const groupReportSnapshotSchema = z.object({
  generated_at: z.string(),
  /** 人员构成: 参检 / 未检 / 合计 × 男/女/合计. */
  people: z.array(z.object({ label: z.string(), ...mfTotal })),
  /** 年龄段 × 男/女/合计, with its share of the people counted. */
  ages: z.array(z.object({ label: z.string(), ...mfTotal, percent: z.string() })),
  /** 登记日期 × 男/女. */
  dates: z.array(z.object({ date: z.string(), male: z.number(), female: z.number(), total: z.number() })),
  /** 检出 by conclusion: 检出人数 男/女/合计, 总体人数 and 检出率. */
  findings: z.array(z.object({ diag_name: z.string(), ...mfTotal, population: z.number(), percent: z.string() })),
  /** 收费项目: 应检 (ordered), 参检人数 男/女/合计 (done) and 比例 (done of ordered). */
  items: z.array(z.object({ union_name: z.string(), ordered: z.number(), ...mfTotal, percent: z.string() })),
  /** 阳性名单: names masked; the conclusion and its 团体建议 (or 建议). */
  positives: z.array(
    z.object({
      order_id: z.string(),
      name: z.string(),
      sex: z.string(),
      age: z.number(),
      diag_name: z.string(),
      advice: z.string(),
    }),
  ),
  /** 完成情况: per person, 未检项目 and whether 总检 and 打印 are done. */
  completion: z.array(
    z.object({
      order_id: z.string(),
      name: z.string(),
      status_label: z.string(),
      pending_items: z.array(z.string()),
      chief_done: z.boolean(),
      printed: z.boolean(),
    }),
  ),
  /** The count of people the analysis tables are over (参检, or everyone with 是否含未检). */
  population: z.number(),
});
export type GroupReportSnapshot = z.infer<typeof groupReportSnapshotSchema>;

export const groupReportDetailSchema = z.object({
  report: groupReportRowSchema,
  snapshot: groupReportSnapshotSchema.nullable(),
});
export type GroupReportDetail = z.infer<typeof groupReportDetailSchema>;

const LIST = ['bi/group_report'] as const;
/** 审核 and 反审核 are a permission of their own on the detail screen (the approval of breadth §4.3). */
export const GROUP_REPORT_REVIEW_ACCESS = 'bi/group_report_detail:review';
const REVIEW = [GROUP_REPORT_REVIEW_ACCESS] as const;
const READ = ['bi/group_report', 'bi/group_report_detail'] as const;
const base = '/manager/api/bi/group_report';
const idInput = z.object({ id: idField('团检报告') });

/** 团检报告列表 GET: filtered by 团体, 订单, 状态 and 样本名称. */
export const groupReportListRoute = route({
  method: 'GET',
  path: `${base}/list`,
  summary: '团检报告列表',
  access: READ,
  input: z.object({
    company_id: optionalIdField('团体'),
    group_order_id: optionalIdField('订单'),
    state: optionalChoiceField(GROUP_REPORT_STATES, '状态不正确'),
    key: z
      .string()
      .trim()
      .max(64, '样本名称不能超过64个字')
      .optional()
      .transform((v) => v || undefined),
    ...pageFields,
  }),
  output: pageOf(groupReportRowSchema),
});

/** 团检报告详情 GET: the definition and, once generated, the analysis. */
export const groupReportDetailRoute = route({
  method: 'GET',
  path: `${base}/detail`,
  summary: '团检报告详情（含分析）',
  access: READ,
  input: idInput,
  output: groupReportDetailSchema,
});

/** 新建/修改 POST: a new report is a 草稿; a change sends a generated or refused one back to 草稿. */
export const groupReportSaveRoute = route({
  method: 'POST',
  path: `${base}/save`,
  summary: '新建或修改团检报告',
  access: LIST,
  input: groupReportFormSchema,
  output: groupReportRowSchema,
});

function move<I extends z.ZodObject>(action: string, summary: string, access: typeof LIST | typeof REVIEW, input: I) {
  return route({ method: 'POST', path: `${base}/${action}`, summary, access, input, output: groupReportRowSchema });
}

/** 删除 POST: a report not yet submitted. */
export const groupReportRemoveRoute = move('remove', '删除团检报告', LIST, idInput);
/** 生成 POST: computes the analysis from the order's visits in the range and keeps it. */
export const groupReportGenerateRoute = move('generate', '生成团检报告', LIST, idInput);
/** 提交 POST: from 已生成. */
export const groupReportSubmitRoute = move('submit', '提交团检报告审核', LIST, idInput);
/** 撤回 POST: from 已提交 back to 已生成. */
export const groupReportWithdrawRoute = move('withdraw', '撤回已提交的团检报告', LIST, idInput);
/** 审核 POST: pass, or refuse with 未通过原因. */
export const groupReportReviewRoute = move(
  'review',
  '审核团检报告',
  REVIEW,
  idInput
    .extend({
      pass: z.enum(['1', '0'], { error: '请选择通过或不通过' }),
      reason: z.string().trim().max(500, '未通过原因不能超过500个字').optional(),
    })
    .refine((v) => v.pass === '1' || !!v.reason, { message: GROUP_REPORT_MESSAGES.rejectReason, path: ['reason'] }),
);
/** 反审核 POST: a reviewed report back to 已提交. */
export const groupReportUnreviewRoute = move('unreview', '反审核团检报告', REVIEW, idInput);

/** 打印PDF GET: the generated report as application/pdf (an envelope only when refused). */
export const groupReportPrintRoute = route({
  method: 'GET',
  path: `${base}/print`,
  summary: '打印团检报告（PDF）',
  access: READ,
  input: idInput,
  output: z.unknown(),
});

const choice = z.object({ value: z.number(), label: z.string() });

/** 新建 form's choices GET: 团体, the chosen 团体's 订单 (with their plan dates) and 分中心. */
export const groupReportChoicesRoute = route({
  method: 'GET',
  path: `${base}/choices`,
  summary: '团检报告的团体、订单和分中心选项',
  access: READ,
  input: z.object({ company_id: optionalIdField('团体') }),
  output: z.object({
    companies: z.array(choice),
    orders: z.array(choice.extend({ plan_from: z.string(), plan_to: z.string(), branch_id: z.number().nullable() })),
    branches: z.array(choice),
  }),
});

export const GROUP_REPORT_ROUTES = [
  groupReportChoicesRoute,
  groupReportListRoute,
  groupReportDetailRoute,
  groupReportSaveRoute,
  groupReportRemoveRoute,
  groupReportGenerateRoute,
  groupReportSubmitRoute,
  groupReportWithdrawRoute,
  groupReportReviewRoute,
  groupReportUnreviewRoute,
  groupReportPrintRoute,
];
