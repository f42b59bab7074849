import { PAY_METHODS, PAY_METHOD_NAMES } from '../finance/money-lines.js';
import { ORDER_STATUSES, ORDER_STATUS_LABELS } from '../order-status.js';
import { defineReport, type BiColumn } from './report.js';

/**
 * 科室分析, 医生分析 (breadth §4.1) and the 工作量 sub-reports (§4.5). 会员等级 (普通/VIP/VVIP) is not
 * recorded anywhere in our data, so no report splits by it; the notes say so.
 */

/** The visits behind a row: what every drill-down of this family shows first. */
const VISIT_DRILL: readonly BiColumn[] = [
  { key: 'order_id', title: '体检号', kind: 'text' },
  { key: 'cust_name', title: '姓名', kind: 'text' },
  { key: 'exam_date', title: '登记日期', kind: 'date' },
  { key: 'type_name', title: '个检/团检', kind: 'text' },
  { key: 'status_name', title: '状态', kind: 'text' },
];

/** 人次 split 个/团, 原始金额 and 优惠金额 each split 个/团, and what happened to the items. */
const VISIT_AND_ITEM_MEASURES: readonly BiColumn[] = [
  { key: 'visits_personal', title: '个检人次', kind: 'count' },
  { key: 'visits_group', title: '团检人次', kind: 'count' },
  { key: 'visits', title: '合计人次', kind: 'count' },
  { key: 'list_personal', title: '个检原始金额', kind: 'money' },
  { key: 'list_group', title: '团检原始金额', kind: 'money' },
  { key: 'price_personal', title: '个检优惠金额', kind: 'money' },
  { key: 'price_group', title: '团检优惠金额', kind: 'money' },
  { key: 'lines', title: '项目总人数', kind: 'count' },
  { key: 'done', title: '已检', kind: 'count' },
  { key: 'makeup', title: '补检', kind: 'count' },
  { key: 'deferred', title: '迟检', kind: 'count' },
  { key: 'waived', title: '弃检', kind: 'count' },
];

const NO_MEMBER_LEVEL = '会员等级（普通/VIP/VVIP）本系统未记录，不作拆分';

/** 科室分析 rows: per 科室, per 科室 and day, or per 收费项目. */
export const DEPT_ANA_DIMENSIONS = [
  { value: 'dept', label: '按科室' },
  { value: 'day', label: '按科室和日期' },
  { value: 'union', label: '按收费项目' },
] as const;

export const deptAnalysisReport = defineReport({
  screen: 'bi/dept_ana',
  key: 'dept_ana',
  title: '科室分析',
  dateKinds: ['register'],
  filters: [
    { key: 'dimension', label: '统计维度', kind: 'select', options: DEPT_ANA_DIMENSIONS },
    { key: 'dept_id', label: '科室', kind: 'source', source: 'dept' },
    { key: 'union_id', label: '收费项目', kind: 'source', source: 'union' },
  ],
  columns: [
    { key: 'dept_name', title: '科室', kind: 'text' },
    { key: 'day', title: '日期', kind: 'date' },
    { key: 'weekday', title: '星期', kind: 'text', width: 64 },
    { key: 'union_name', title: '收费项目', kind: 'text' },
    ...VISIT_AND_ITEM_MEASURES,
  ],
  rowKey: ['dept_id', 'day', 'union_id'],
  drillColumns: VISIT_DRILL,
  chart: { kind: 'bar', category: 'dept_name', series: ['visits_personal', 'visits_group'] },
  source: 'stats',
  note: `按登记日期统计各科室（或收费项目）的人次、金额和项目检查情况，退项不计；${NO_MEMBER_LEVEL}`,
});

/** Which part of a visit a doctor's work is counted from. */
export const DOCTOR_ROLES = [
  { value: 'dept', label: '科室医生' },
  { value: 'chief', label: '总检医生' },
  { value: 'final', label: '终审医生' },
] as const;

export const doctorAnalysisReport = defineReport({
  screen: 'bi/dr_ana',
  key: 'dr_ana',
  title: '医生分析',
  dateKinds: ['register'],
  filters: [
    { key: 'role', label: '工作类别', kind: 'select', options: DOCTOR_ROLES },
    { key: 'doctor_id', label: '医生', kind: 'source', source: 'doctor' },
  ],
  columns: [
    { key: 'doctor_name', title: '医生', kind: 'text' },
    { key: 'role_name', title: '工作类别', kind: 'text' },
    ...VISIT_AND_ITEM_MEASURES,
  ],
  rowKey: ['doctor_id', 'role'],
  drillColumns: VISIT_DRILL,
  chart: { kind: 'bar', category: 'doctor_name', series: ['visits_personal', 'visits_group'] },
  source: 'stats',
  note: `科室医生按签名科室的项目计，总检医生和终审医生按其审核的体检者的全部项目计；${NO_MEMBER_LEVEL}`,
});

/** The funnel's stages: every status from 已登记 on, counted as reached when a visit is there or further. */
export const REGISTER_FUNNEL = ORDER_STATUSES.filter((s) => s !== 'prepared');

export const registerWorkloadReport = defineReport({
  screen: 'bi/workload/register',
  key: 'workload_register',
  title: '登记工作量',
  dateKinds: ['register'],
  filters: [{ key: 'exam_type', label: '体检类型', kind: 'source', source: 'exam_type' }],
  columns: [
    { key: 'day', title: '登记日期', kind: 'date' },
    { key: 'weekday', title: '星期', kind: 'text', width: 64 },
    { key: 'personal', title: '个检人数', kind: 'count' },
    { key: 'group', title: '团检人数', kind: 'count' },
    { key: 'total', title: '登记人数', kind: 'count' },
    { key: 'amount', title: '金额', kind: 'money' },
    { key: 'paid', title: '已缴费', kind: 'count' },
    ...REGISTER_FUNNEL.slice(1).map((s): BiColumn => ({
      key: `reached_${s}`,
      title: ORDER_STATUS_LABELS[s],
      kind: 'count',
    })),
  ],
  rowKey: ['day'],
  drillColumns: [...VISIT_DRILL, { key: 'amount', title: '金额', kind: 'money' }],
  chart: { kind: 'bar', category: 'day', series: ['personal', 'group'] },
  source: 'stats',
  note: '按登记日期统计登记人数（不含预登记）和金额（优惠价，退项不计）；状态列为已到达该环节或更后环节的人数，已缴费为自费项目均已收费的人数',
});

export const tollCollectorReport = defineReport({
  screen: 'bi/workload/toll_collector',
  key: 'toll_collector',
  title: '收费员工作量',
  dateKinds: ['charge'],
  filters: [{ key: 'cashier_id', label: '收费员', kind: 'source', source: 'cashier' }],
  columns: [
    { key: 'cashier_name', title: '收费员', kind: 'text' },
    { key: 'line_count', title: '笔数', kind: 'count' },
    ...PAY_METHODS.map((m): BiColumn => ({ key: `by_${m}`, title: PAY_METHOD_NAMES[m], kind: 'money' })),
    { key: 'amount', title: '合计', kind: 'money' },
  ],
  rowKey: ['cashier_id'],
  drillColumns: [
    { key: 'paid_at', title: '收费时间', kind: 'text' },
    { key: 'order_id', title: '体检号', kind: 'text' },
    { key: 'method_name', title: '收费方式', kind: 'text' },
    { key: 'kind_name', title: '类型', kind: 'text' },
    { key: 'amount', title: '金额', kind: 'money' },
  ],
  chart: { kind: 'bar', category: 'cashier_name', series: ['amount'] },
  source: 'live',
  note: '按收费日期统计各收费员在每种收费方式下的收款，退费和冲正以负数计入',
});

export const deptWorkloadReport = defineReport({
  screen: 'bi/workload/department',
  key: 'workload_department',
  title: '科室工作量',
  dateKinds: ['register'],
  filters: [
    { key: 'dept_id', label: '科室', kind: 'source', source: 'dept' },
    { key: 'doctor_id', label: '人员', kind: 'source', source: 'doctor' },
  ],
  columns: [
    { key: 'dept_name', title: '科室', kind: 'text' },
    { key: 'user_name', title: '人员', kind: 'text' },
    { key: 'entered_visits', title: '录入人次', kind: 'count' },
    { key: 'entered_items', title: '录入结果数', kind: 'count' },
    { key: 'signed_visits', title: '审核人次', kind: 'count' },
    { key: 'imaging_visits', title: '影像审核人次', kind: 'count' },
  ],
  rowKey: ['dept_id', 'user_id'],
  drillColumns: [
    ...VISIT_DRILL,
    { key: 'entered_items', title: '录入结果数', kind: 'count' },
    { key: 'signed_at', title: '审核时间', kind: 'text' },
  ],
  chart: { kind: 'bar', category: 'user_name', series: ['entered_visits', 'signed_visits'] },
  source: 'stats',
  note: '按登记日期统计各科室每位人员录入结果（录入人）和科室签名审核（审核人、影像审核）的人次',
});

export const dispatchOrdersReport = defineReport({
  screen: 'bi/workload/dispatch_orders',
  key: 'dispatch_orders',
  title: '加项工作量',
  dateKinds: ['register'],
  filters: [{ key: 'dept_id', label: '科室', kind: 'source', source: 'dept' }],
  columns: [
    { key: 'adder_name', title: '加项医生', kind: 'text' },
    { key: 'visits', title: '人次', kind: 'count' },
    { key: 'lines', title: '加项数', kind: 'count' },
    { key: 'list_total', title: '加项总价格', kind: 'money' },
    { key: 'discount_total', title: '加项总优惠', kind: 'money' },
    { key: 'price_total', title: '加项实收', kind: 'money' },
  ],
  rowKey: ['adder_id'],
  drillColumns: [
    { key: 'order_id', title: '体检号', kind: 'text' },
    { key: 'cust_name', title: '姓名', kind: 'text' },
    { key: 'exam_date', title: '登记日期', kind: 'date' },
    { key: 'status_name', title: '状态', kind: 'text' },
    { key: 'union_name', title: '项目', kind: 'text' },
    { key: 'dept_name', title: '科室', kind: 'text' },
    { key: 'list_price', title: '价格', kind: 'money' },
    { key: 'price', title: '优惠价', kind: 'money' },
  ],
  chart: { kind: 'bar', category: 'adder_name', series: ['list_total'] },
  source: 'stats',
  note: '按登记日期统计登记加项和科室加项（退项不计）：科室加项记在加项的科室医生名下，登记加项记在登记人名下；总优惠为原价减优惠价',
});

export const REVIEW_STEP_NAMES = { first: '初审', main: '主审', final: '终审' } as const;

export const reviewWorkloadReport = defineReport({
  screen: 'bi/workload/workload_second_trial',
  key: 'workload_second_trial',
  title: '审核工作量',
  dateKinds: ['audit'],
  filters: [
    {
      key: 'step',
      label: '阶段',
      kind: 'select',
      options: Object.entries(REVIEW_STEP_NAMES).map(([value, label]) => ({ value, label })),
    },
    { key: 'doctor_id', label: '审核人', kind: 'source', source: 'doctor' },
  ],
  columns: [
    { key: 'reviewer_name', title: '审核人', kind: 'text' },
    { key: 'step_name', title: '阶段', kind: 'text' },
    { key: 'total', title: '合计', kind: 'count' },
    { key: 'personal', title: '个检', kind: 'count' },
    { key: 'group', title: '团检', kind: 'count' },
    { key: 'passed', title: '通过', kind: 'count' },
    { key: 'returned', title: '退回', kind: 'count' },
  ],
  rowKey: ['reviewer_id', 'step'],
  drillColumns: [
    ...VISIT_DRILL,
    { key: 'reviewed_at', title: '审核时间', kind: 'text' },
    { key: 'result_name', title: '结果', kind: 'text' },
  ],
  chart: { kind: 'bar', category: 'reviewer_name', series: ['personal', 'group'] },
  source: 'stats',
  note: `按审核日期统计初审、主审、终审每位审核人的审核次数（通过和退回各算一次）；总检医生的工作量见医生分析；${NO_MEMBER_LEVEL}`,
});

export const WORKLOAD_REPORTS = [
  deptAnalysisReport,
  doctorAnalysisReport,
  registerWorkloadReport,
  tollCollectorReport,
  deptWorkloadReport,
  dispatchOrdersReport,
  reviewWorkloadReport,
] as const;
