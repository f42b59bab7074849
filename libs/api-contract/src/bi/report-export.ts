import { INVOICE_APPLICATION_STATE_LABELS } from '../finance/invoices.js';
import { PAY_METHODS, PAY_METHOD_NAMES, PAYMENT_PURPOSE_LABELS } from '../finance/money-lines.js';
import { defineReport, type BiColumn } from './report.js';

/** 报表导出 (bi/report_export, breadth §4.4): the payment and settlement sub-reports. */

/** 支付方式: per 收费方式 × 收费员, the amount received (收费日期). */
export const paymentMethodReport = defineReport({
  screen: 'bi/report_export/payment_method',
  key: 'payment_method',
  title: '支付方式',
  dateKinds: ['charge'],
  filters: [{ key: 'cashier_id', label: '收费员', kind: 'source', source: 'cashier' }],
  columns: [
    { key: 'cashier_name', title: '收费员', kind: 'text' },
    { key: 'method_name', title: '收费方式', kind: 'text' },
    { key: 'line_count', title: '笔数', kind: 'count' },
    { key: 'amount', title: '金额', kind: 'money' },
  ],
  rowKey: ['cashier_id', 'pay_method'],
  drillColumns: [
    { key: 'paid_at', title: '收费时间', kind: 'text' },
    { key: 'purpose_name', title: '收费类别', kind: 'text' },
    { key: 'kind_name', title: '类型', kind: 'text' },
    { key: 'order_id', title: '体检号', kind: 'text' },
    { key: 'card_no', title: '卡号', kind: 'text' },
    { key: 'trade_no', title: '交易号', kind: 'text' },
    { key: 'amount', title: '金额', kind: 'money' },
  ],
  chart: { kind: 'pie', category: 'method_name', series: ['amount'] },
  source: 'live',
  note: '按收费日期统计收费员各收费方式的收款，退费和冲正以负数计入',
});

/** 结算明细: one row per checked-out 结算单 (结算日期 = its checkout), 实收 = Σ its payment lines. */
export const settlementDetailsReport = defineReport({
  screen: 'bi/report_export/settlement_details',
  key: 'settlement_details',
  title: '结算明细',
  dateKinds: ['settle'],
  filters: [
    { key: 'group_order_id', label: '订单号', kind: 'source', source: 'group_order' },
    { key: 'company_id', label: '团体', kind: 'source', source: 'company' },
  ],
  columns: [
    { key: 'settlement_no', title: '结算单号', kind: 'text' },
    { key: 'order_no', title: '订单号', kind: 'text' },
    { key: 'company_name', title: '团体', kind: 'text' },
    { key: 'settle_date', title: '结算日期', kind: 'date' },
    { key: 'person_count', title: '人次', kind: 'count' },
    { key: 'receivable', title: '应收', kind: 'money' },
    { key: 'settle_amount', title: '结算金额', kind: 'money' },
    { key: 'fee_total', title: '附加费用', kind: 'money' },
    { key: 'deduction', title: '减免', kind: 'money' },
    { key: 'paid', title: '实收', kind: 'money' },
    { key: 'methods', title: '方式', kind: 'text' },
    { key: 'operator_name', title: '操作员', kind: 'text' },
    { key: 'settled_at', title: '时间', kind: 'text' },
  ],
  rowKey: ['settlement_id'],
  drillColumns: [
    { key: 'paid_at', title: '收费时间', kind: 'text' },
    { key: 'kind_name', title: '类型', kind: 'text' },
    { key: 'method_name', title: '付款方式', kind: 'text' },
    { key: 'amount', title: '金额', kind: 'money' },
    { key: 'operator_name', title: '操作员', kind: 'text' },
    { key: 'trade_no', title: '交易号', kind: 'text' },
    { key: 'day_end_no', title: '日结号', kind: 'text' },
    { key: 'note', title: '备注', kind: 'text' },
  ],
  chart: { kind: 'bar', category: 'company_name', series: ['receivable', 'paid'] },
  source: 'live',
  note: '按结账日期列出已结账的结算单；实收为该结算单全部付款行之和（反结账的退回以负数计入），与团体结算一致',
});

const PURPOSE_OPTIONS = Object.entries(PAYMENT_PURPOSE_LABELS).map(([value, label]) => ({ value, label }));

/** 收入明细: every money line (收费日期), with whose and which visit it is; 原价 counts once per visit. */
export const incomeDetailsReport = defineReport({
  screen: 'bi/report_export/income_details',
  key: 'income_details',
  maxSpanDays: 92,
  title: '收入明细',
  dateKinds: ['charge'],
  filters: [
    { key: 'company_id', label: '单位', kind: 'source', source: 'company' },
    { key: 'cust_name', label: '姓名', kind: 'text' },
    { key: 'group_order_id', label: '订单号', kind: 'source', source: 'group_order' },
    { key: 'order_id', label: '体检号', kind: 'text' },
    { key: 'exam_type', label: '体检类型', kind: 'source', source: 'exam_type' },
    { key: 'cashier_id', label: '收费员', kind: 'source', source: 'cashier' },
    { key: 'pay_method', label: '收费方式', kind: 'source', source: 'pay_method' },
    { key: 'purpose', label: '收费类别', kind: 'select', options: PURPOSE_OPTIONS },
  ],
  columns: [
    { key: 'paid_at', title: '收费时间', kind: 'text' },
    { key: 'purpose_name', title: '收费类别', kind: 'text' },
    { key: 'kind_name', title: '类型', kind: 'text' },
    { key: 'company_name', title: '单位', kind: 'text' },
    { key: 'cust_name', title: '姓名', kind: 'text', mask: 'name' },
    { key: 'group_order_no', title: '订单号', kind: 'text' },
    { key: 'order_id', title: '体检号', kind: 'text' },
    { key: 'card_no', title: '卡号', kind: 'text' },
    { key: 'branch_name', title: '分中心', kind: 'text' },
    { key: 'exam_type_name', title: '体检类型', kind: 'text' },
    { key: 'cashier_name', title: '收费员', kind: 'text' },
    { key: 'method_name', title: '收费方式', kind: 'text' },
    { key: 'list_amount', title: '原价', kind: 'money' },
    { key: 'amount', title: '实收', kind: 'money' },
  ],
  source: 'live',
  note: '按收费日期列出每一笔收退款，退费和冲正以负数计入；原价为该体检自费项目的原价合计，只记在其第一笔收费上',
});

const INVOICE_STATE_OPTIONS = [...Object.values(INVOICE_APPLICATION_STATE_LABELS), '已作废'].map((label) => ({
  value: label,
  label,
}));

/** 结算发票明细: the group invoice applications, and group invoices issued without one. */
export const settlementInvoiceDetailsReport = defineReport({
  screen: 'bi/report_export/settlement_invoice_details',
  key: 'settlement_invoice_details',
  title: '结算发票明细',
  dateKinds: ['apply', 'issue'],
  filters: [
    { key: 'company_id', label: '单位', kind: 'source', source: 'company' },
    { key: 'group_order_id', label: '订单号', kind: 'source', source: 'group_order' },
    { key: 'state_name', label: '状态', kind: 'select', options: INVOICE_STATE_OPTIONS },
  ],
  columns: [
    { key: 'company_name', title: '单位', kind: 'text' },
    { key: 'order_no', title: '订单号', kind: 'text' },
    { key: 'state_name', title: '状态', kind: 'text' },
    { key: 'applied_date', title: '申请日期', kind: 'date' },
    { key: 'invoice_type_name', title: '发票类型', kind: 'text' },
    { key: 'title', title: '抬头', kind: 'text' },
    { key: 'face_amount', title: '面额', kind: 'money' },
    { key: 'invoice_no', title: '发票号', kind: 'text' },
    { key: 'issued_amount', title: '出票金额', kind: 'money' },
    { key: 'issuer_name', title: '出票人', kind: 'text' },
    { key: 'issued_date', title: '出票日期', kind: 'date' },
  ],
  rowKey: ['row_id'],
  drillColumns: [
    { key: 'invoice_no', title: '发票号', kind: 'text' },
    { key: 'state_name', title: '状态', kind: 'text' },
    { key: 'amount', title: '金额', kind: 'money' },
    { key: 'issuer_name', title: '出票人', kind: 'text' },
    { key: 'issued_at', title: '出票时间', kind: 'text' },
    { key: 'voided_at', title: '作废时间', kind: 'text' },
    { key: 'void_reason', title: '作废原因', kind: 'text' },
  ],
  source: 'live',
  note: '团体开票申请及其发票（含未经申请开出的团体发票）；出票金额只计现行有效的发票，作废的不计',
});

/** 团体折扣: per group order its 订单折扣, and what its people's lines come to at list and at price. */
export const groupDiscountReport = defineReport({
  screen: 'bi/report_export/group_discount',
  key: 'group_discount',
  title: '团体折扣',
  dateKinds: ['book'],
  filters: [
    { key: 'order_no', label: '订单号', kind: 'text' },
    { key: 'order_name', label: '名称', kind: 'text' },
    {
      key: 'discounted',
      label: '订单折扣',
      kind: 'select',
      options: [
        { value: '1', label: '有折扣' },
        { value: '0', label: '无折扣' },
      ],
    },
  ],
  columns: [
    { key: 'order_no', title: '订单号', kind: 'text' },
    { key: 'order_name', title: '名称', kind: 'text' },
    { key: 'company_name', title: '单位', kind: 'text' },
    { key: 'sales_name', title: '销售经理', kind: 'text' },
    { key: 'book_date', title: '记账日期', kind: 'date' },
    { key: 'plan_from', title: '计划开始', kind: 'date' },
    { key: 'plan_to', title: '计划结束', kind: 'date' },
    { key: 'discount_rate', title: '订单折扣(%)', kind: 'percent' },
    { key: 'visit_count', title: '人数', kind: 'count' },
    { key: 'list_total', title: '原价', kind: 'money' },
    { key: 'price_total', title: '优惠价', kind: 'money' },
    { key: 'discount_total', title: '优惠金额', kind: 'money' },
    { key: 'actual_rate', title: '实际折扣(%)', kind: 'percent', ratio: ['price_total', 'list_total'] },
  ],
  rowKey: ['group_order_id'],
  drillColumns: [
    { key: 'order_id', title: '体检号', kind: 'text' },
    { key: 'cust_name', title: '姓名', kind: 'text', mask: 'name' },
    { key: 'exam_date', title: '登记日期', kind: 'date' },
    { key: 'list_total', title: '原价', kind: 'money' },
    { key: 'price_total', title: '优惠价', kind: 'money' },
  ],
  chart: { kind: 'bar', category: 'order_no', series: ['list_total', 'price_total'] },
  source: 'stats',
  note: '按记账日期（订单审批通过的日期）列出团体订单；原价、优惠价为其已登记人员未退项目之和',
});

const methodColumns: BiColumn[] = PAY_METHODS.flatMap((m) => [
  { key: `${m}_count`, title: `${PAY_METHOD_NAMES[m]}笔数`, kind: 'count' },
  { key: `${m}_amount`, title: `${PAY_METHOD_NAMES[m]}金额`, kind: 'money' },
]);

/** 支付方式统计: per day (or month), each method's count and amount; the day's total as 日结 has it. */
export const paymentMethodStatisticsReport = defineReport({
  screen: 'bi/report_export/payment_method_statistics',
  key: 'payment_method_statistics',
  title: '支付方式统计',
  dateKinds: ['charge'],
  filters: [
    {
      key: 'period',
      label: '统计周期',
      kind: 'select',
      options: [
        { value: 'day', label: '按日' },
        { value: 'month', label: '按月' },
      ],
    },
  ],
  columns: [
    { key: 'period', title: '日期', kind: 'text' },
    ...methodColumns,
    { key: 'line_count', title: '合计笔数', kind: 'count' },
    { key: 'amount', title: '合计金额', kind: 'money' },
  ],
  rowKey: ['period'],
  drillColumns: [
    { key: 'paid_at', title: '收费时间', kind: 'text' },
    { key: 'method_name', title: '收费方式', kind: 'text' },
    { key: 'purpose_name', title: '收费类别', kind: 'text' },
    { key: 'kind_name', title: '类型', kind: 'text' },
    { key: 'cashier_name', title: '收费员', kind: 'text' },
    { key: 'order_id', title: '体检号', kind: 'text' },
    { key: 'amount', title: '金额', kind: 'money' },
  ],
  chart: { kind: 'bar', category: 'period', series: PAY_METHODS.map((m) => `${m}_amount`) },
  source: 'live',
  note: '按收费日期逐日（或逐月）统计各收费方式的笔数和金额，退费和冲正以负数计入；一日的合计金额与该日收费员日结的总金额一致',
});

const CARD_KIND_OPTIONS = ['消费', '退款', '充值', '作废'].map((k) => ({ value: k, label: k }));

/** 体检卡消费明细: the card ledger's money lines (消费, 退款, 充值, 作废), with the balance after each. */
export const cardConsumeListReport = defineReport({
  screen: 'bi/report_export/card_consume_list',
  key: 'card_consume_list',
  title: '体检卡消费明细',
  dateKinds: ['consume'],
  filters: [
    { key: 'card_no', label: '卡号', kind: 'text' },
    { key: 'kind', label: '消费类型', kind: 'select', options: CARD_KIND_OPTIONS },
    {
      key: 'direction',
      label: '金额类型',
      kind: 'select',
      options: [
        { value: 'in', label: '增加' },
        { value: 'out', label: '扣减' },
      ],
    },
  ],
  columns: [
    { key: 'created_at', title: '日期', kind: 'text' },
    { key: 'card_no', title: '卡号', kind: 'text' },
    { key: 'type_name', title: '卡类型', kind: 'text' },
    { key: 'kind', title: '消费类型', kind: 'text' },
    { key: 'amount', title: '金额', kind: 'money' },
    // The balance after the line: shown, never added up.
    { key: 'balance_after', title: '剩余金额', kind: 'text' },
    { key: 'order_id', title: '体检号', kind: 'text' },
    { key: 'branch_name', title: '分中心', kind: 'text' },
    { key: 'operator_name', title: '操作人', kind: 'text' },
    { key: 'note', title: '备注', kind: 'text' },
  ],
  source: 'live',
  note: '按发生日期列出体检卡余额的变动：消费、充值、退款、作废；金额为对余额的增减，分中心为消费体检的分中心',
});

export const REPORT_EXPORT_REPORTS = [
  paymentMethodReport,
  settlementDetailsReport,
  incomeDetailsReport,
  settlementInvoiceDetailsReport,
  groupDiscountReport,
  paymentMethodStatisticsReport,
  cardConsumeListReport,
] as const;
