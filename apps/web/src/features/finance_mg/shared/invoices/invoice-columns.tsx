import { Tag } from 'antd';
import { INVOICE_KIND_LABELS, INVOICE_STATE_LABELS, type InvoiceKind, type InvoiceRow } from '@checkup/api-contract';
import type { GenericColumn } from '@checkup/ui';

const text = (v: string | number | null) => (v === null ? '' : String(v));

/** The columns of an invoice list; `group` shows the order and company instead of the examinee. */
export function invoiceColumns(group: boolean): GenericColumn<InvoiceRow>[] {
  const owner: GenericColumn<InvoiceRow>[] = group
    ? [
        { title: '单位', dataIndex: 'company_name', width: 160, render: text },
        { title: '订单号', dataIndex: 'group_order_no', width: 140, render: text },
        { title: '开票申请', dataIndex: 'application_id', width: 90, render: text },
      ]
    : [
        { title: '体检号', dataIndex: 'order_id', width: 130, render: text },
        { title: '姓名', dataIndex: 'cust_name', width: 80, render: text },
        { title: '卡号', dataIndex: 'card_no', width: 130, render: text },
      ];
  return [
    { title: '发票号', dataIndex: 'invoice_no', width: 130 },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 70,
      render: (v: InvoiceKind) => INVOICE_KIND_LABELS[v],
    },
    ...owner,
    { title: '抬头', dataIndex: 'title', width: 160 },
    { title: '税号', dataIndex: 'tax_no', width: 150, render: text },
    { title: '金额', dataIndex: 'amount', width: 100, align: 'right' },
    {
      title: '状态',
      dataIndex: 'state',
      width: 80,
      render: (v: InvoiceRow['state']) => <Tag color={v === 'issued' ? 'green' : 'red'}>{INVOICE_STATE_LABELS[v]}</Tag>,
    },
    { title: '开票人', dataIndex: 'issued_by_name', width: 90, render: text },
    { title: '开票时间', dataIndex: 'issued_at', width: 160 },
    { title: '打印次数', dataIndex: 'print_count', width: 80, align: 'right' },
    { title: '作废人', dataIndex: 'voided_by_name', width: 90, render: text },
    { title: '作废时间', dataIndex: 'voided_at', width: 160, render: text },
    { title: '作废原因', dataIndex: 'void_reason', width: 160, render: text },
  ];
}

export const INVOICE_STATE_FILTER = {
  name: 'state',
  kind: 'select' as const,
  label: '状态',
  options: [
    { value: 'issued', label: '已开票' },
    { value: 'voided', label: '已作废' },
  ],
};
