import { z } from 'zod';
import {
  dateField,
  deptIdField,
  jsonField,
  orderIdField,
  pageFields,
  pageOf,
  searchKeyField,
} from './field-schemas.js';
import { ORDER_STATUSES } from './order-status.js';
import { route } from './route.js';

const orderDept = z.object({ order_id: orderIdField, exam_dept_id: deptIdField });

export const deptWorklistRowSchema = z.object({
  order_id: z.string(),
  cust_name: z.string(),
  sex: z.enum(['1', '2']),
  age: z.number().int(),
  special_flag: z.string(),
  exam_date: z.string(),
  /** '0' waiting, '1' results entered, '2' signed */
  dept_status: z.string(),
  order_status: z.enum(ORDER_STATUSES),
  dept_exception_flag: z.string(),
  /** 禁检 (issue 19): the reason while the visit is banned; entry refuses it. */
  ban_reason: z.string().nullable(),
});

/** 科室工作列表 GET /manager/api/departmentdiagnosis/dept_worklist */
export const deptWorklistRoute = route({
  method: 'GET',
  path: '/manager/api/departmentdiagnosis/dept_worklist',
  summary: '科室诊断工作列表（按科室、日期、状态）',
  access: ['exam_mg/dept_diag'],
  input: z.object({
    exam_dept_id: deptIdField,
    exam_date: dateField,
    dept_status: z.enum(['0', '1', '2'], { error: '科室状态不正确' }).optional(),
    /** The start of an order id, or part of a name. */
    keyword: searchKeyField(),
    ...pageFields,
  }),
  output: pageOf(deptWorklistRowSchema),
});

const lockState = z.object({ order_id: z.string(), locked_until: z.string() });

/** 锁定科室诊断 POST /manager/api/departmentdiagnosis/dept_lock */
export const deptLockRoute = route({
  method: 'POST',
  path: '/manager/api/departmentdiagnosis/dept_lock',
  summary: '锁定科室诊断记录（打开详情时）',
  access: ['exam_mg/dept_diag_detail'],
  input: orderDept,
  output: lockState,
});

/** 释放科室诊断锁 POST /manager/api/departmentdiagnosis/dept_unlock */
export const deptUnlockRoute = route({
  method: 'POST',
  path: '/manager/api/departmentdiagnosis/dept_unlock',
  summary: '释放科室诊断锁（关闭页面时）',
  access: ['exam_mg/dept_diag_detail'],
  input: orderDept,
  output: z.object({ released: z.boolean() }),
});

/** 科室签名 GET /manager/api/departmentdiagnosis/order_dept_sign */
export const orderDeptSignRoute = route({
  method: 'GET',
  path: '/manager/api/departmentdiagnosis/order_dept_sign',
  summary: '科室签名',
  access: ['exam_mg/dept_diag_detail'],
  writes: true,
  input: orderDept,
  output: z.object({ order_id: z.string(), exam_dept_id: z.number(), order_status: z.enum(ORDER_STATUSES) }),
});

/** 影像科室签名 GET /manager/api/departmentdiagnosis/order_imaging_dept_sign */
export const orderImagingDeptSignRoute = route({
  method: 'GET',
  path: '/manager/api/departmentdiagnosis/order_imaging_dept_sign',
  summary: '影像工作组签名',
  access: ['exam_mg/dept_diag_detail'],
  writes: true,
  input: orderDept.extend({ work_group_id: z.coerce.number().int().positive('请选择工作组') }),
  output: z.object({ order_id: z.string(), exam_dept_id: z.number(), work_group_id: z.number() }),
});

export const deptItemResultSchema = z.object({
  item_id: z.number(),
  /** The catalogue code (HEIGHT, WEIGHT, SBP …): the general exam's computed fields find their items by it. */
  item_code: z.string(),
  item_name: z.string(),
  result_type: z.enum(['number', 'text']),
  unit: z.string().nullable(),
  ref_range: z.string(),
  normal_text: z.string().nullable(),
  result_value: z.string().nullable(),
  /** '' normal, H, L, A (see result-judgement.ts) */
  abnormal_flag: z.string(),
  critical_flag: z.string(),
  /** The limits the result is judged by (the examinee's sex), so the web shows arrows as the doctor types. */
  ref_low: z.number().nullable(),
  ref_high: z.number().nullable(),
  critical_low: z.number().nullable(),
  critical_high: z.number().nullable(),
  /**
   * 体征词: the words offered for this item — its normal finding first, then the sign words 功能字典关联
   * links to it (diagnosis_item_links), once each.
   */
  sign_words: z.array(z.string()),
});
export type DeptItemResult = z.infer<typeof deptItemResultSchema>;

export const summaryLineSchema = z.object({
  summary_content: z.string().trim().min(1, '小结内容不能为空').max(500, '小结内容不能超过500字'),
  source: z.enum(['0', '2', '4'], { error: '小结来源不正确' }),
  doctor_edited: z.enum(['0', '1']).default('0'),
  union_id: z.number().int().positive().nullable().default(null),
  diag_id: z.number().int().positive().nullable().optional(),
});

export const diagLineSchema = z.object({
  diag_id: z.number().int().positive().nullable().default(null),
  diag_name: z.string().trim().min(1, '诊断名称不能为空').max(128, '诊断名称不能超过128字'),
  advice: z.string().max(2000, '建议不能超过2000字').default(''),
  doctor_created_flag: z.enum(['0', '1']).default('0'),
});

const deptDiagnosisView = z.object({
  order_id: z.string(),
  exam_dept_id: z.number(),
  dept_name: z.string(),
  dept_status: z.string(),
  order_status: z.enum(ORDER_STATUSES),
  customer: z.object({ cust_name: z.string(), sex: z.enum(['1', '2']), age: z.number(), special_flag: z.string() }),
  package_name: z.string().nullable(),
  /** spec §3 dept_exception_flag: '1' abnormal */
  dept_exception_flag: z.string(),
  /** '1' while an AI correction reminder waits (update_correction_status clears it). */
  correction_status: z.string(),
  /** The department's imaging work groups, which sign with order_imaging_dept_sign. */
  imaging_groups: z.array(z.object({ work_group_id: z.number(), group_name: z.string() })),
  unions: z.array(
    z.object({
      union_id: z.number(),
      union_name: z.string(),
      /** The line's execution state (UNION_EXEC, item-execution.ts); only MUST_BE_RECORDED lines are entered. */
      exec_state: z.string(),
      exec_label: z.string(),
      /** Who set a 弃检/迟检/拒检/补检 state, when and why (null where not recorded). */
      exec_by_name: z.string().nullable(),
      exec_at: z.string().nullable(),
      exec_reason: z.string().nullable(),
      items: z.array(deptItemResultSchema),
    }),
  ),
  summary: z.array(summaryLineSchema.extend({ summary_order_by: z.number() })),
  diag_list: z.array(diagLineSchema.extend({ sort: z.number() })),
  /**
   * Issue 20: 总检 sent the visit back to this department (审核不通过 / 退回科室) and it is not signed
   * again yet — the reason, who and when, shown above entry.
   */
  review_return: z
    .object({ reason: z.string(), reviewer_name: z.string(), created_at: z.string() })
    .nullable()
    .optional(),
  /** spec §3 see_detail: the findings of each union, as shown on the report */
  see_detail: z.array(
    z.object({ union_id: z.number(), union_name: z.string(), see_content: z.string(), serious_type: z.string() }),
  ),
});
export type DeptDiagnosisView = z.infer<typeof deptDiagnosisView>;

/** 科室诊断详情 GET /manager/api/departmentdiagnosis/get_order_union_diagnosis_list */
export const deptDiagnosisListRoute = route({
  method: 'GET',
  path: '/manager/api/departmentdiagnosis/get_order_union_diagnosis_list',
  summary: '获取科室的组合项目、结果、小结与诊断',
  access: ['exam_mg/dept_diag_detail'],
  input: orderDept,
  output: deptDiagnosisView,
});

const resultsField = jsonField(
  z
    .array(
      z.object({
        item_id: z.number().int().positive(),
        result_value: z.string().max(256, '结果不能超过256字'),
      }),
    )
    .max(500, '一次最多提交500个结果'),
  '检查结果',
);

export const matchedDiagnosisSchema = z.object({
  diag_id: z.number(),
  diag_name: z.string(),
  advice: z.string(),
  life_guidance: z.string(),
  union_id: z.number(),
  /** The summary line the match stands for (e.g. 谷丙转氨酶 偏高 → 肝功能异常) */
  summary_content: z.string(),
});

/** 匹配诊断 POST /manager/api/departmentdiagnosis/match_diag_by_union */
export const matchDiagByUnionRoute = route({
  method: 'POST',
  path: '/manager/api/departmentdiagnosis/match_diag_by_union',
  summary: '按组合项目结果匹配诊断',
  access: ['exam_mg/dept_diag_detail'],
  input: orderDept.extend({
    union_id: z.coerce.number().int().positive().optional(),
    /** Results not yet saved (while the doctor types); the saved ones otherwise. */
    results: resultsField.optional(),
  }),
  output: z.array(matchedDiagnosisSchema),
});

/** 保存科室诊断 POST /manager/api/departmentdiagnosis/diagnosis_union_save */
export const diagnosisUnionSaveRoute = route({
  method: 'POST',
  path: '/manager/api/departmentdiagnosis/diagnosis_union_save',
  summary: '保存科室结果、小结与诊断',
  access: ['exam_mg/dept_diag_detail'],
  input: orderDept.extend({
    results: resultsField,
    summary: jsonField(z.array(summaryLineSchema).max(100, '小结最多100条'), '小结'),
    diag_list: jsonField(z.array(diagLineSchema).max(100, '诊断最多100条'), '诊断'),
  }),
  output: deptDiagnosisView.extend({
    /** Critical values raised by this save (ser_dis_mg is told). */
    new_critical: z.array(z.object({ item_name: z.string(), result_value: z.string(), direction: z.enum(['H', 'L']) })),
  }),
});

/** 我的科室 GET /manager/api/departmentdiagnosis/my_depts */
export const myDeptsRoute = route({
  method: 'GET',
  path: '/manager/api/departmentdiagnosis/my_depts',
  summary: '当前医生的科室（科室诊断默认打开这些科室）',
  access: 'signed-in',
  input: z.object({}),
  output: z.array(z.object({ exam_dept_id: z.number(), dept_name: z.string(), dept_type: z.string() })),
});

export const diagDictEntrySchema = z.object({
  diag_id: z.number(),
  diag_code: z.string(),
  diag_name: z.string(),
  advice: z.string(),
});

/** 诊断字典检索 GET /manager/api/departmentdiagnosis/search_diagnosis */
export const searchDiagnosisRoute = route({
  method: 'GET',
  path: '/manager/api/departmentdiagnosis/search_diagnosis',
  summary: '按名称或编码检索诊断字典（本科室与通用诊断）',
  access: ['exam_mg/dept_diag_detail'],
  input: z.object({ exam_dept_id: deptIdField, keyword: searchKeyField() }),
  output: z.array(diagDictEntrySchema),
});

/** 设置科室异常 POST /manager/api/departmentdiagnosis/set_dept_exception */
export const setDeptExceptionRoute = route({
  method: 'POST',
  path: '/manager/api/departmentdiagnosis/set_dept_exception',
  summary: '标记或取消科室异常（记入异常历史）',
  access: ['exam_mg/dept_diag_detail'],
  input: orderDept.extend({
    /** '1' mark abnormal, '0' clear */
    dept_exception_flag: z.enum(['0', '1'], { error: '科室异常标记不正确' }),
    reason: z.string({ error: '请填写异常原因' }).trim().min(1, '请填写异常原因').max(500, '异常原因不能超过500字'),
  }),
  output: z.object({ order_id: z.string(), exam_dept_id: z.number(), dept_exception_flag: z.enum(['0', '1']) }),
});

/** The department's normal summary line of a batch save. */
export const NORMAL_SUMMARY = '未见明显异常';

/** Why 批量诊断 skipped a visit: a short label per case, so the list reads at a glance. */
export const BATCH_SKIP_REASONS = {
  // 已预登记 (issue 22): a group visit given its 体检号 but not yet registered at the desk.
  not_registered: '未登记',
  not_checked_in: '未报到',
  banned: '已禁检',
  signed: '已签名',
  no_items: '本科室无项目',
  entered: '已有录入结果',
  locked: '他人正在录入',
  not_editable: '当前状态不能录入',
  not_visible: '无权查看保密人员',
} as const;
export type BatchSkipReason = keyof typeof BATCH_SKIP_REASONS;

export const batchSkipSchema = z.object({
  order_id: z.string(),
  cust_name: z.string(),
  /** One of BATCH_SKIP_REASONS. */
  reason_code: z.string(),
  /** The label, with the server's detail where it adds something (the ban reason, who holds the lock). */
  reason: z.string(),
});

/** 批量保存正常结果 POST /manager/api/departmentdiagnosis/batch_normal_save */
export const batchNormalSaveRoute = route({
  method: 'POST',
  path: '/manager/api/departmentdiagnosis/batch_normal_save',
  summary: '批量录入科室正常结果（已签名或被锁定的订单跳过）',
  access: ['exam_mg/dept_diag_batch'],
  input: z.object({
    exam_dept_id: deptIdField,
    order_ids: jsonField(
      z.array(orderIdField).min(1, '请选择要录入的体检订单').max(200, '一次最多录入200个订单'),
      '体检订单',
    ),
  }),
  output: z.object({
    saved: z.array(z.string()),
    /** How many item results were written in all. */
    result_count: z.number().int(),
    skipped: z.array(batchSkipSchema),
  }),
});
