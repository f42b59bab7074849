import { defineReport } from './report.js';

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

export const REPORT_EXPORT_REPORTS = [paymentMethodReport] as const;
