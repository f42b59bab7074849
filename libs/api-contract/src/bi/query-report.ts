import { UNION_EXEC_LABELS } from '../item-execution.js';
import { ORDER_STATUS_LABELS } from '../order-status.js';
import { REVIEW_PLAN_STATUS_LABELS } from '../review-mg.js';
import { defineReport, type BiColumn, type BiFilter } from './report.js';

/**
 * 疾病分析 (bi/dis_ana, breadth §4.2), the six 查询报表 (bi/query_report, §4.6) and 职业健康监护统计
 * (bi/occu_tutelage, §4.7, §12). Names are masked (maskName) and no ID number is shown: these lists
 * leave the building as Excel.
 */

/** 年龄段 of 疾病分析: age in whole years on the exam day, bounds inclusive. */
export const AGE_BANDS = [
  { key: 'lt30', label: '30岁以下', from: null, to: 29 },
  { key: '30', label: '30-39岁', from: 30, to: 39 },
  { key: '40', label: '40-49岁', from: 40, to: 49 },
  { key: '50', label: '50-59岁', from: 50, to: 59 },
  { key: 'ge60', label: '60岁及以上', from: 60, to: null },
] as const satisfies readonly { key: string; label: string; from: number | null; to: number | null }[];

const optionsOf = (labels: Readonly<Record<string, string>>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

const sexFilter: BiFilter = { key: 'sex', label: '性别', kind: 'select', options: optionsOf({ 1: '男', 2: '女' }) };
const nameFilter: BiFilter = { key: 'name', label: '姓名', kind: 'text' };
const companyFilter: BiFilter = { key: 'company_id', label: '单位', kind: 'source', source: 'company' };
const packageFilter: BiFilter = { key: 'package_id', label: '套餐', kind: 'source', source: 'package' };
const deptFilter: BiFilter = { key: 'dept_id', label: '科室', kind: 'source', source: 'dept' };
const unionFilter: BiFilter = { key: 'union_id', label: '项目', kind: 'source', source: 'union' };

/** The person of a row: masked name, sex, age on the exam day, 单位 and 登记日期. */
const personColumns: readonly BiColumn[] = [
  { key: 'order_id', title: '体检号', kind: 'text' },
  { key: 'cust_name', title: '姓名', kind: 'text' },
  { key: 'sex_name', title: '性别', kind: 'text', width: 60 },
  { key: 'age', title: '年龄', kind: 'text', width: 60 },
  { key: 'company_name', title: '单位', kind: 'text' },
  { key: 'exam_date', title: '登记日期', kind: 'date' },
];

/** 疾病分析 groups conclusions by these besides 结论 × 科室. */
export const DIS_ANA_DIMENSIONS = { age_band: '年龄段', company: '单位' } as const;

/** 疾病分析: per conclusion and 科室 (and 年龄段 or 单位 when chosen), 检出人数 男/女/合计 over 参检人数. */
export const disAnaReport = defineReport({
  screen: 'bi/dis_ana',
  key: 'dis_ana',
  title: '疾病分析',
  dateKinds: ['register', 'audit'],
  filters: [
    { key: 'dimension', label: '分组', kind: 'select', options: optionsOf(DIS_ANA_DIMENSIONS) },
    companyFilter,
    deptFilter,
    sexFilter,
    {
      key: 'age_band',
      label: '年龄段',
      kind: 'select',
      options: AGE_BANDS.map((b) => ({ value: b.key, label: b.label })),
    },
  ],
  columns: [
    { key: 'diag_name', title: '结论词', kind: 'text' },
    { key: 'dept_name', title: '科室', kind: 'text' },
    { key: 'dim_name', title: '年龄段/单位', kind: 'text' },
    { key: 'male_count', title: '检出人数（男）', kind: 'count' },
    { key: 'female_count', title: '检出人数（女）', kind: 'count' },
    { key: 'found_count', title: '检出人数（合计）', kind: 'count' },
    // The same visits stand behind every conclusion: adding them up would count people many times.
    { key: 'visit_count', title: '参检人数', kind: 'count', sum: false },
    { key: 'found_rate', title: '检出率', kind: 'percent', ratio: ['found_count', 'visit_count'] },
  ],
  rowKey: ['diag_key', 'dept_id', 'dim'],
  drillColumns: [...personColumns, { key: 'diag_name', title: '结论', kind: 'text' }],
  chart: { kind: 'bar', category: 'diag_name', series: ['male_count', 'female_count'] },
  source: 'stats',
  note: '参检人数为筛选条件内已到检的人次（不含预登记），检出人数按人计；按检出人数从多到少排列',
});

/** 体检人员查询: one row per visit. */
export const examineeQueryReport = defineReport({
  screen: 'bi/query_report/examinee_query',
  key: 'examinee_query',
  title: '体检人员查询',
  dateKinds: ['register', 'audit'],
  filters: [
    nameFilter,
    companyFilter,
    packageFilter,
    { key: 'exam_type', label: '体检类型', kind: 'source', source: 'exam_type' },
    { key: 'status', label: '状态', kind: 'select', options: optionsOf(ORDER_STATUS_LABELS) },
  ],
  columns: [
    ...personColumns,
    { key: 'exam_type_name', title: '体检类型', kind: 'text' },
    { key: 'package_name', title: '套餐', kind: 'text' },
    { key: 'audit_date', title: '审核日期', kind: 'date' },
    { key: 'status_name', title: '状态', kind: 'text' },
    // Per visit, not added up: the 合计 row of a list of people counts the people.
    { key: 'line_count', title: '项目数', kind: 'count', sum: false },
    { key: 'done_count', title: '已检项目', kind: 'count', sum: false },
  ],
  rowKey: ['order_id'],
  drillColumns: [
    { key: 'union_name', title: '项目', kind: 'text' },
    { key: 'dept_name', title: '科室', kind: 'text' },
    { key: 'exec_name', title: '状态', kind: 'text' },
  ],
  source: 'live',
  note: '每行一人次；退项不计入项目数',
});

/** 项目查询: one row per ordered union (退项 left out). */
export const unionQueryReport = defineReport({
  screen: 'bi/query_report/union_query',
  key: 'union_query',
  maxSpanDays: 92,
  title: '项目查询',
  dateKinds: ['register'],
  filters: [
    nameFilter,
    companyFilter,
    packageFilter,
    deptFilter,
    unionFilter,
    { key: 'status', label: '状态', kind: 'select', options: optionsOf(UNION_EXEC_LABELS) },
  ],
  columns: [
    ...personColumns,
    { key: 'union_name', title: '项目', kind: 'text' },
    { key: 'dept_name', title: '科室', kind: 'text' },
    { key: 'exec_name', title: '状态', kind: 'text' },
    { key: 'line_count', title: '项数', kind: 'count', width: 60 },
  ],
  source: 'live',
  note: '每行一个项目；退项不列出',
});

export const ABNORMAL_FLAG_LABELS = { H: '偏高', L: '偏低', A: '异常' } as const;

/** 异常结果查询: one row per item result flagged abnormal. */
export const abnormalResultQueryReport = defineReport({
  screen: 'bi/query_report/abnormal_result_query',
  key: 'abnormal_result_query',
  maxSpanDays: 92,
  title: '异常结果查询',
  dateKinds: ['register', 'audit'],
  filters: [
    nameFilter,
    companyFilter,
    deptFilter,
    unionFilter,
    { key: 'flag', label: '异常标志', kind: 'select', options: optionsOf(ABNORMAL_FLAG_LABELS) },
  ],
  columns: [
    ...personColumns,
    { key: 'dept_name', title: '科室', kind: 'text' },
    { key: 'union_name', title: '项目', kind: 'text' },
    { key: 'item_name', title: '检查指标', kind: 'text' },
    { key: 'result_value', title: '结果', kind: 'text' },
    { key: 'unit', title: '单位', kind: 'text', width: 70 },
    { key: 'ref_range', title: '参考范围', kind: 'text' },
    { key: 'flag_name', title: '异常标志', kind: 'text', width: 80 },
  ],
  source: 'live',
});

/** 诊断查询: one row per conclusion shown in the report (隐藏和已合并的不列出). */
export const diagnosisQueryReport = defineReport({
  screen: 'bi/query_report/diagnosis_query',
  key: 'diagnosis_query',
  maxSpanDays: 92,
  title: '诊断查询',
  dateKinds: ['register', 'audit'],
  filters: [nameFilter, companyFilter, deptFilter, { key: 'diag_name', label: '结论词', kind: 'text' }],
  columns: [
    ...personColumns,
    { key: 'dept_name', title: '科室', kind: 'text' },
    { key: 'diag_name', title: '结论', kind: 'text' },
    { key: 'advice', title: '建议', kind: 'text' },
  ],
  source: 'live',
  note: '列出报告中显示的结论（隐藏的、已合并的不列出）；结论词按包含查找',
});

export const POSITIVE_KIND_LABELS = { critical: '危急值', dept: '科室阳性', review: '总检阳性' } as const;
export const POSITIVE_HANDLED_LABELS = { '1': '已处理', '0': '未处理' } as const;

/** 阳性结果查询: 危急值 (critical_values) and 阳性/异常 flags (order_exceptions), one row each. */
export const positiveResultQueryReport = defineReport({
  screen: 'bi/query_report/positive_result_query',
  key: 'positive_result_query',
  title: '阳性结果查询',
  dateKinds: ['register'],
  filters: [
    nameFilter,
    companyFilter,
    deptFilter,
    { key: 'kind', label: '类别', kind: 'select', options: optionsOf(POSITIVE_KIND_LABELS) },
    { key: 'handled', label: '处理状态', kind: 'select', options: optionsOf(POSITIVE_HANDLED_LABELS) },
  ],
  columns: [
    ...personColumns,
    { key: 'kind_name', title: '类别', kind: 'text', width: 90 },
    { key: 'dept_name', title: '科室', kind: 'text' },
    { key: 'content', title: '阳性结果', kind: 'text' },
    { key: 'raised_at', title: '提报时间', kind: 'text' },
    { key: 'handled_name', title: '处理状态', kind: 'text', width: 80 },
  ],
  source: 'live',
});

/** 复查人员查询: one row per 复查 arranged in 总检 (review_plans). */
export const recheckQueryReport = defineReport({
  screen: 'bi/query_report/recheck_query',
  key: 'recheck_query',
  title: '复查人员查询',
  dateKinds: ['register', 'audit'],
  filters: [
    nameFilter,
    companyFilter,
    { key: 'status', label: '复查状态', kind: 'select', options: optionsOf(REVIEW_PLAN_STATUS_LABELS) },
  ],
  columns: [
    ...personColumns,
    { key: 'union_names', title: '复查项目', kind: 'text' },
    { key: 'due_date', title: '应复查日期', kind: 'date' },
    { key: 'status_name', title: '复查状态', kind: 'text', width: 80 },
    { key: 'review_order_id', title: '复查体检号', kind: 'text' },
    { key: 'created_by_name', title: '安排人', kind: 'text' },
  ],
  source: 'live',
  note: '登记日期、审核日期均指首次体检；已完成即复查体检已终审',
});

/** What today's data does not hold yet (breadth §12.1 体检类别, per-factor conclusions). */
export const OCCU_PENDING = '职业健康检查模块上线后提供';

/** 职业健康监护's conclusion columns: the visit's 职业健康检查结论 (OCCUPATIONAL_CONCLUSIONS) after 终审. */
const occuColumns: readonly BiColumn[] = [
  { key: 'visit_count', title: '体检人数', kind: 'count' },
  { key: 'male_count', title: '男', kind: 'count', width: 60 },
  { key: 'female_count', title: '女', kind: 'count', width: 60 },
  { key: 'audited_count', title: '已终审', kind: 'count' },
  { key: 'normal_count', title: '目前未见异常', kind: 'count' },
  { key: 'recheck_count', title: '需复查人数', kind: 'count' },
  { key: 'suspected_count', title: '疑似职业病人数', kind: 'count' },
  { key: 'forbidden_count', title: '职业禁忌证人数', kind: 'count' },
  { key: 'other_count', title: '其他疾病或异常', kind: 'count' },
];

const occuDrill: readonly BiColumn[] = [
  ...personColumns,
  { key: 'harm_factors', title: '危害因素', kind: 'text' },
  { key: 'status_name', title: '状态', kind: 'text' },
  { key: 'category', title: '职业健康检查结论', kind: 'text' },
];

/** 职业健康监护 by employer (summary_table). */
export const occuEmployerReport = defineReport({
  screen: 'bi/occu_tutelage',
  key: 'occu_employer',
  title: '职业健康检查汇总（按用人单位）',
  dateKinds: ['register', 'audit'],
  filters: [companyFilter],
  columns: [{ key: 'company_name', title: '用人单位', kind: 'text' }, ...occuColumns],
  rowKey: ['company_id'],
  drillColumns: occuDrill,
  source: 'live',
  note: '职业体检人次；结论按终审后的职业健康检查结论计',
});

/** 职业健康监护 by harm-factor category and factor (sec_summary_table). */
export const occuFactorReport = defineReport({
  screen: 'bi/occu_tutelage',
  key: 'occu_factor',
  title: '职业健康检查汇总（按危害因素）',
  dateKinds: ['register', 'audit'],
  filters: [companyFilter],
  columns: [
    { key: 'category_name', title: '危害因素类别', kind: 'text' },
    { key: 'factor_name', title: '危害因素', kind: 'text' },
    ...occuColumns,
  ],
  rowKey: ['factor_key'],
  drillColumns: occuDrill,
  source: 'live',
  note: '一人接触多种危害因素时在每种因素下各计一次；结论为其总体结论（按因素分别下结论上线后按因素统计）',
});

export const QUERY_REPORTS = [
  disAnaReport,
  examineeQueryReport,
  unionQueryReport,
  abnormalResultQueryReport,
  diagnosisQueryReport,
  positiveResultQueryReport,
  recheckQueryReport,
  occuEmployerReport,
  occuFactorReport,
] as const;
