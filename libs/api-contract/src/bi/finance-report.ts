import { defineReport, type BiColumn, type BiFilter } from './report.js';

/**
 * 财务报表 (bi/finance_report, breadth §4.6, §11.4, §11.5). The income reports by money read the
 * money lines live by 收费日期, split 实收 from 非现金 as 日结 does (isMoneyReceived), so a day's 实收
 * agrees with the day-end of the same lines to the fen. The revenue-by-dimension reports read the
 * aggregate tables by 登记日期: 原价 (list_price), 优惠价 (price), 折扣率 = 优惠价 / 原价.
 */

const cashierFilter: BiFilter = { key: 'cashier_id', label: '收费员', kind: 'source', source: 'cashier' };
const groupFilter: BiFilter = {
  key: 'is_group',
  label: '个检/团检',
  kind: 'select',
  options: [
    { value: '0', label: '个检' },
    { value: '1', label: '团检' },
  ],
};
const companyFilter: BiFilter = { key: 'company_id', label: '单位', kind: 'source', source: 'company' };

/** 实收 by income as the day-end splits it (DAY_END_INCOMES), then 非现金 and 合计. */
const incomeColumns: readonly BiColumn[] = [
  { key: 'line_count', title: '笔数', kind: 'count' },
  { key: 'visit_income', title: '个检收入', kind: 'money' },
  { key: 'settlement_income', title: '团检收入', kind: 'money' },
  { key: 'card_income', title: '卡销售/充值', kind: 'money' },
  { key: 'advance_income', title: '团体预缴', kind: 'money' },
  { key: 'received_total', title: '实收合计', kind: 'money' },
  { key: 'non_cash_total', title: '非现金', kind: 'money' },
  { key: 'total', title: '总金额', kind: 'money' },
];

/** The money lines behind a total. */
const lineColumns: readonly BiColumn[] = [
  { key: 'paid_at', title: '收费时间', kind: 'text' },
  { key: 'purpose_name', title: '收费类别', kind: 'text' },
  { key: 'kind_name', title: '类型', kind: 'text' },
  { key: 'method_name', title: '收费方式', kind: 'text' },
  { key: 'received_name', title: '计入实收', kind: 'text' },
  { key: 'order_id', title: '体检号', kind: 'text' },
  { key: 'card_no', title: '卡号', kind: 'text' },
  { key: 'cashier_name', title: '收费员', kind: 'text' },
  { key: 'amount', title: '金额', kind: 'money' },
];

/** 原价, 优惠价 and 折扣率 (优惠价 / 原价, §11.5 折扣). */
const revenueColumns: readonly BiColumn[] = [
  { key: 'list_total', title: '原价合计', kind: 'money' },
  { key: 'price_total', title: '优惠价合计', kind: 'money' },
  { key: 'discount_rate', title: '折扣率', kind: 'percent', ratio: ['price_total', 'list_total'] },
];

/** The visits behind a total (stats reports by visit). */
const visitColumns: readonly BiColumn[] = [
  { key: 'order_id', title: '体检号', kind: 'text' },
  { key: 'exam_date', title: '登记日期', kind: 'date' },
  { key: 'cust_name', title: '姓名', kind: 'text' },
  { key: 'group_name', title: '个检/团检', kind: 'text' },
  { key: 'company_name', title: '单位', kind: 'text' },
  { key: 'package_name', title: '套餐', kind: 'text' },
  ...revenueColumns,
  { key: 'extra_price_total', title: '加项', kind: 'money' },
];

/** The ordered unions behind a total (stats reports by line). */
const unionLineColumns: readonly BiColumn[] = [
  { key: 'order_id', title: '体检号', kind: 'text' },
  { key: 'exam_date', title: '登记日期', kind: 'date' },
  { key: 'cust_name', title: '姓名', kind: 'text' },
  { key: 'union_name', title: '项目', kind: 'text' },
  { key: 'dept_name', title: '科室', kind: 'text' },
  { key: 'origin_name', title: '来源', kind: 'text' },
  { key: 'pay_mode_name', title: '付费方', kind: 'text' },
  { key: 'list_price', title: '原价', kind: 'money' },
  { key: 'price', title: '优惠价', kind: 'money' },
];

/** 日收入统计: per 收费日期, 实收 by income and 非现金, as the day-end counts them. */
export const dailyIncomeReport = defineReport({
  screen: 'bi/finance_report/daily_income',
  key: 'daily_income',
  title: '日收入统计',
  dateKinds: ['charge'],
  filters: [cashierFilter],
  columns: [{ key: 'day', title: '收费日期', kind: 'date' }, ...incomeColumns],
  rowKey: ['day'],
  drillColumns: lineColumns,
  chart: { kind: 'bar', category: 'day', series: ['received_total', 'non_cash_total'] },
  source: 'live',
  note: '按收费日期统计每日收入；实收与日结一致，体检卡、单位结算（统收）、记账、预缴划账计入非现金，退费以负数计入',
});

/** 月收入汇总: the same per month. */
export const monthlyIncomeReport = defineReport({
  screen: 'bi/finance_report/monthly_income',
  key: 'monthly_income',
  title: '月收入汇总',
  dateKinds: ['charge'],
  filters: [cashierFilter],
  columns: [{ key: 'month', title: '月份', kind: 'text' }, ...incomeColumns],
  rowKey: ['month'],
  drillColumns: lineColumns,
  chart: { kind: 'line', category: 'month', series: ['received_total', 'total'] },
  source: 'live',
  note: '按收费日期所在月份汇总收入；实收与日结一致，非现金另列',
});

/** 收款方式统计: per method, 收费, 退费 and 净额, and whether it is money received. */
export const payMethodIncomeReport = defineReport({
  screen: 'bi/finance_report/pay_method_income',
  key: 'pay_method_income',
  title: '收款方式统计',
  dateKinds: ['charge'],
  filters: [cashierFilter],
  columns: [
    { key: 'method_name', title: '收款方式', kind: 'text' },
    { key: 'received_name', title: '计入实收', kind: 'text' },
    { key: 'line_count', title: '笔数', kind: 'count' },
    { key: 'charge_amount', title: '收费金额', kind: 'money' },
    { key: 'refund_amount', title: '退费金额', kind: 'money' },
    { key: 'amount', title: '净额', kind: 'money' },
  ],
  rowKey: ['pay_method'],
  drillColumns: lineColumns,
  chart: { kind: 'pie', category: 'method_name', series: ['amount'] },
  source: 'live',
  note: '按收费日期统计各收款方式的收费与退费（退费、冲正以负数计入净额）',
});

/** 退费统计: per 收费日期, the refunds and reversals given back, by purpose. */
export const refundStatisticsReport = defineReport({
  screen: 'bi/finance_report/refund_statistics',
  key: 'refund_statistics',
  title: '退费统计',
  dateKinds: ['charge'],
  filters: [cashierFilter, { key: 'pay_method', label: '收费方式', kind: 'source', source: 'pay_method' }],
  columns: [
    { key: 'day', title: '退费日期', kind: 'date' },
    { key: 'refund_count', title: '退费笔数', kind: 'count' },
    { key: 'refund_amount', title: '退费金额', kind: 'money' },
    { key: 'reversal_count', title: '冲正笔数', kind: 'count' },
    { key: 'reversal_amount', title: '冲正金额', kind: 'money' },
    { key: 'visit_amount', title: '个检退费', kind: 'money' },
    { key: 'card_amount', title: '卡退款', kind: 'money' },
    { key: 'group_amount', title: '团体退款', kind: 'money' },
    { key: 'total_amount', title: '退费合计', kind: 'money' },
  ],
  rowKey: ['day'],
  drillColumns: [
    ...lineColumns.slice(0, -1),
    { key: 'original_paid_at', title: '原收费时间', kind: 'text' },
    { key: 'note', title: '原因', kind: 'text' },
    { key: 'amount', title: '退费金额', kind: 'money' },
  ],
  chart: { kind: 'bar', category: 'day', series: ['refund_amount', 'reversal_amount'] },
  source: 'live',
  note: '按退费日期统计退费与冲正（误操作退款），金额以正数显示',
});

/** 发票统计: per day, invoices issued and voided; 净额 = 开票 − 作废 (the day-end's 发票总金额). */
export const invoiceStatisticsReport = defineReport({
  screen: 'bi/finance_report/invoice_statistics',
  key: 'invoice_statistics',
  title: '发票统计',
  dateKinds: ['charge'],
  filters: [
    { key: 'cashier_id', label: '开票人', kind: 'source', source: 'cashier' },
    {
      key: 'scope',
      label: '发票类别',
      kind: 'select',
      options: [
        { value: 'personal', label: '个人' },
        { value: 'group', label: '团体' },
      ],
    },
  ],
  columns: [
    { key: 'day', title: '日期', kind: 'date' },
    { key: 'issued_count', title: '开票张数', kind: 'count' },
    { key: 'issued_amount', title: '开票金额', kind: 'money' },
    { key: 'voided_count', title: '作废张数', kind: 'count' },
    { key: 'voided_amount', title: '作废金额', kind: 'money' },
    { key: 'net_amount', title: '发票净额', kind: 'money' },
  ],
  rowKey: ['day'],
  drillColumns: [
    { key: 'at', title: '时间', kind: 'text' },
    { key: 'counted_name', title: '计入', kind: 'text' },
    { key: 'invoice_no', title: '票号', kind: 'text' },
    { key: 'kind_name', title: '票据', kind: 'text' },
    { key: 'scope_name', title: '类别', kind: 'text' },
    { key: 'title', title: '抬头', kind: 'text' },
    { key: 'order_id', title: '体检号', kind: 'text' },
    { key: 'operator_name', title: '经办人', kind: 'text' },
    { key: 'amount', title: '金额', kind: 'money' },
  ],
  chart: { kind: 'bar', category: 'day', series: ['issued_amount', 'voided_amount'] },
  source: 'live',
  note: '开票按开票日期、作废按作废日期计入；发票净额 = 开票金额 − 作废金额，与日结的发票总金额一致',
});

/** 体检卡收入统计: per card type, 售卡/充值/退款 received and 卡消费 (spending a balance, not income). */
export const cardIncomeReport = defineReport({
  screen: 'bi/finance_report/card_income',
  key: 'card_income',
  title: '体检卡收入统计',
  dateKinds: ['charge'],
  filters: [cashierFilter],
  columns: [
    { key: 'type_name', title: '卡类型', kind: 'text' },
    { key: 'sold_count', title: '售卡张数', kind: 'count' },
    { key: 'sale_amount', title: '售卡收入', kind: 'money' },
    { key: 'recharge_amount', title: '充值收入', kind: 'money' },
    { key: 'refund_amount', title: '卡退款', kind: 'money' },
    { key: 'income_total', title: '卡收入合计', kind: 'money' },
    { key: 'consume_count', title: '消费笔数', kind: 'count' },
    { key: 'consume_amount', title: '卡消费金额', kind: 'money' },
  ],
  rowKey: ['type_id'],
  drillColumns: lineColumns,
  chart: { kind: 'bar', category: 'type_name', series: ['income_total', 'consume_amount'] },
  source: 'live',
  note: '按收费日期统计；卡收入合计为售卡、充值、卡退款中计入实收的部分（与日结“卡销售/充值”一致），卡消费不计收入',
});

/** 套餐收入统计: per package, 人数, 原价, 优惠价, 自费/统收, 加项, 折扣率 and 客单价. */
export const packageIncomeReport = defineReport({
  screen: 'bi/finance_report/package_income',
  key: 'package_income',
  title: '套餐收入统计',
  dateKinds: ['register'],
  filters: [groupFilter, { key: 'package_id', label: '套餐', kind: 'source', source: 'package' }],
  columns: [
    { key: 'package_name', title: '套餐', kind: 'text' },
    { key: 'visit_count', title: '人数', kind: 'count' },
    ...revenueColumns,
    { key: 'self_total', title: '自费', kind: 'money' },
    { key: 'company_total', title: '统收', kind: 'money' },
    { key: 'extra_price_total', title: '加项', kind: 'money' },
    { key: 'avg_price', title: '客单价', kind: 'text' },
  ],
  rowKey: ['package_id'],
  drillColumns: visitColumns,
  chart: { kind: 'bar', category: 'package_name', series: ['price_total'] },
  source: 'stats',
  note: '按登记日期统计各套餐的体检人数与收入（不含退项）；折扣率 = 优惠价 / 原价，客单价 = 优惠价合计 / 人数',
});

/** 项目收入统计: per union, 人次, 原价, 优惠价, 折扣率. */
export const unionIncomeReport = defineReport({
  screen: 'bi/finance_report/union_income',
  key: 'union_income',
  title: '项目收入统计',
  dateKinds: ['register'],
  filters: [
    groupFilter,
    { key: 'dept_id', label: '科室', kind: 'source', source: 'dept' },
    { key: 'union_id', label: '项目', kind: 'source', source: 'union' },
  ],
  columns: [
    { key: 'union_name', title: '项目', kind: 'text' },
    { key: 'dept_name', title: '科室', kind: 'text' },
    { key: 'line_count', title: '人次', kind: 'count' },
    ...revenueColumns,
    { key: 'self_total', title: '自费', kind: 'money' },
    { key: 'company_total', title: '统收', kind: 'money' },
  ],
  rowKey: ['union_id'],
  drillColumns: unionLineColumns,
  chart: { kind: 'bar', category: 'union_name', series: ['price_total'] },
  source: 'stats',
  note: '按登记日期统计各收费项目的人次与收入（不含退项）；折扣率 = 优惠价 / 原价',
});

/** 科室收入统计: per department, 人数, 人次, 原价, 优惠价, 加项, 折扣率. */
export const deptIncomeReport = defineReport({
  screen: 'bi/finance_report/dept_income',
  key: 'dept_income',
  title: '科室收入统计',
  dateKinds: ['register'],
  filters: [groupFilter, { key: 'dept_id', label: '科室', kind: 'source', source: 'dept' }],
  columns: [
    { key: 'dept_name', title: '科室', kind: 'text' },
    { key: 'visit_count', title: '人数', kind: 'count' },
    { key: 'line_count', title: '人次', kind: 'count' },
    ...revenueColumns,
    { key: 'extra_price_total', title: '科室加项费用', kind: 'money' },
  ],
  rowKey: ['dept_id'],
  drillColumns: unionLineColumns,
  chart: { kind: 'pie', category: 'dept_name', series: ['price_total'] },
  source: 'stats',
  note: '按登记日期统计各科室项目的收入（不含退项）；折扣率 = 优惠价 / 原价',
});

/** 单位收入统计: per company (团检), 人数, 原价, 优惠价, 统收, 自费, 加项, 折扣率, 客单价. */
export const companyIncomeReport = defineReport({
  screen: 'bi/finance_report/company_income',
  key: 'company_income',
  title: '单位收入统计',
  dateKinds: ['register'],
  filters: [companyFilter],
  columns: [
    { key: 'company_name', title: '单位', kind: 'text' },
    { key: 'visit_count', title: '人数', kind: 'count' },
    ...revenueColumns,
    { key: 'company_total', title: '统收', kind: 'money' },
    { key: 'self_total', title: '自费', kind: 'money' },
    { key: 'extra_price_total', title: '加项', kind: 'money' },
    { key: 'avg_price', title: '客单价', kind: 'text' },
  ],
  rowKey: ['company_id'],
  drillColumns: visitColumns,
  chart: { kind: 'bar', category: 'company_name', series: ['company_total', 'self_total'] },
  source: 'stats',
  note: '按登记日期统计各单位的体检人数与收入（不含退项）；客单价 = 优惠价合计 / 人数',
});

/** 欠费统计: visits with 自费 lines not paid, and group orders with 统收 lines not checked out. */
export const arrearsStatisticsReport = defineReport({
  screen: 'bi/finance_report/arrears_statistics',
  key: 'arrears_statistics',
  title: '欠费统计',
  dateKinds: ['register'],
  filters: [
    {
      key: 'debtor',
      label: '欠费类型',
      kind: 'select',
      options: [
        { value: 'visit', label: '个人欠费' },
        { value: 'group_order', label: '团体未结' },
      ],
    },
    companyFilter,
  ],
  columns: [
    { key: 'debtor_name', title: '体检者/订单', kind: 'text' },
    { key: 'kind_name', title: '欠费类型', kind: 'text' },
    { key: 'debtor_no', title: '体检号/订单号', kind: 'text' },
    { key: 'company_name', title: '单位', kind: 'text' },
    { key: 'first_date', title: '登记日期', kind: 'date' },
    { key: 'person_count', title: '人数', kind: 'count' },
    { key: 'line_count', title: '项目数', kind: 'count' },
    { key: 'arrears_amount', title: '欠费金额', kind: 'money' },
  ],
  rowKey: ['debtor', 'debtor_id'],
  drillColumns: [
    { key: 'order_id', title: '体检号', kind: 'text' },
    { key: 'exam_date', title: '登记日期', kind: 'date' },
    { key: 'cust_name', title: '姓名', kind: 'text' },
    { key: 'union_name', title: '项目', kind: 'text' },
    { key: 'pay_mode_name', title: '付费方', kind: 'text' },
    { key: 'list_price', title: '原价', kind: 'money' },
    { key: 'price', title: '欠费金额', kind: 'money' },
  ],
  chart: { kind: 'bar', category: 'debtor_name', series: ['arrears_amount'] },
  source: 'stats',
  note: '个人欠费：未收费且未退项的自费项目；团体未结：未退项、未进入已结账结算单的统收项目（按登记日期）',
});

/** 优惠折扣统计: visits by 折扣区间 (优惠价 / 原价), with 优惠金额 = 原价 − 优惠价. */
export const discountStatisticsReport = defineReport({
  screen: 'bi/finance_report/discount_statistics',
  key: 'discount_statistics',
  title: '优惠折扣统计',
  dateKinds: ['register'],
  filters: [groupFilter],
  columns: [
    { key: 'band_name', title: '折扣区间', kind: 'text' },
    { key: 'visit_count', title: '人数', kind: 'count' },
    ...revenueColumns,
    { key: 'discount_amount', title: '优惠金额', kind: 'money' },
  ],
  rowKey: ['band'],
  drillColumns: [...visitColumns, { key: 'discount_amount', title: '优惠金额', kind: 'money' }],
  chart: { kind: 'bar', category: 'band_name', series: ['discount_amount'] },
  source: 'stats',
  note: '按登记日期，以每人优惠价合计 / 原价合计分区间统计（不含退项）；优惠金额 = 原价 − 优惠价',
});

export const FINANCE_REPORTS = [
  dailyIncomeReport,
  monthlyIncomeReport,
  packageIncomeReport,
  unionIncomeReport,
  deptIncomeReport,
  companyIncomeReport,
  payMethodIncomeReport,
  refundStatisticsReport,
  invoiceStatisticsReport,
  cardIncomeReport,
  arrearsStatisticsReport,
  discountStatisticsReport,
] as const;
