import { useState } from 'react';
import { Button, Tabs, Tag } from 'antd';
import {
  INVOICE_KIND_LABELS,
  INVOICE_KINDS,
  INVOICE_RANGE_ACCESS,
  invoiceRangeResource,
  invoiceResource,
  mayUse,
  type InvoiceKind,
  type RangeState,
} from '@checkup/api-contract';
import { ResourceList } from '../../../lib/resource/resource-list';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { useUserInfo } from '../../session/api/get-user-info';
import { useUserOptions } from '../shared/invoices/invoice-api';
import { INVOICE_STATE_FILTER, invoiceColumns } from '../shared/invoices/invoice-columns';
import { InvoiceRowActions } from '../shared/invoices/invoice-row-actions';
import { IssueDialog } from './issue-dialog';

const text = (v: string | number | null) => (v === null ? '' : String(v));
const KIND_OPTIONS = INVOICE_KINDS.map((k) => ({ value: k, label: INVOICE_KIND_LABELS[k] }));
const RANGE_COLORS: Record<RangeState, string> = { 启用: 'green', 停用: 'default', 用完: 'red' };

function Invoices() {
  const [issuing, setIssuing] = useState(false);
  const users = useUserOptions();
  return (
    <>
      <ResourceList
        resource={invoiceResource}
        title="发票"
        extra={
          <Button type="primary" onClick={() => setIssuing(true)}>
            开票
          </Button>
        }
        filters={[
          { name: 'invoice_no', kind: 'search', label: '发票号', placeholder: '发票号，回车', width: 150 },
          { name: 'order_id', kind: 'search', label: '体检号', placeholder: '体检号，回车', width: 150 },
          { name: 'title', kind: 'search', label: '抬头', placeholder: '抬头，回车', width: 150 },
          INVOICE_STATE_FILTER,
          { name: 'issued_by', kind: 'select', label: '开票人', options: users },
          { kind: 'days', label: '开票日期' },
        ]}
        columns={invoiceColumns(false)}
        rowActions={(row) => <InvoiceRowActions row={row} />}
        actionsWidth={120}
      />
      {issuing && <IssueDialog onClose={() => setIssuing(false)} />}
    </>
  );
}

function Ranges() {
  const users = useUserOptions();
  return (
    <ResourceScreen
      resource={invoiceRangeResource}
      title="发票号段"
      filters={[
        { name: 'kind', kind: 'select', label: '票据类型', options: KIND_OPTIONS },
        { name: 'cashier_id', kind: 'select', label: '领用人', options: users },
      ]}
      columns={[
        { title: '票据类型', dataIndex: 'kind', width: 90, render: (v: InvoiceKind) => INVOICE_KIND_LABELS[v] },
        { title: '前缀', dataIndex: 'prefix', width: 80 },
        { title: '起始号', dataIndex: 'start_no', width: 120 },
        { title: '结束号', dataIndex: 'end_no', width: 120 },
        { title: '下一号码', dataIndex: 'next_no', width: 140, render: text },
        { title: '已用', dataIndex: 'used', width: 70, align: 'right' },
        { title: '剩余', dataIndex: 'remaining', width: 70, align: 'right' },
        { title: '领用人', dataIndex: 'cashier_name', width: 100, render: (v: string | null) => v ?? '共用' },
        {
          title: '号段状态',
          dataIndex: 'state',
          width: 90,
          render: (v: RangeState) => <Tag color={RANGE_COLORS[v]}>{v}</Tag>,
        },
        { title: '备注', dataIndex: 'remark', width: 160, render: text },
      ]}
      fields={[
        { name: 'kind', label: '票据类型', kind: 'select', options: KIND_OPTIONS },
        { name: 'prefix', label: '前缀', extra: '可不填；已使用的号段不能再改前缀、起始号' },
        { name: 'start_no', label: '起始号', extra: '起始号与结束号为同样位数的数字' },
        { name: 'end_no', label: '结束号' },
        {
          name: 'cashier_id',
          label: '领用人',
          kind: 'select',
          options: users,
          placeholder: '不选为共用（所有收费员）',
        },
        { name: 'remark', label: '备注', kind: 'textarea' },
      ]}
      toForm={(row) => ({ ...row, cashier_id: row.cashier_id === null ? undefined : String(row.cashier_id) })}
      blank={{ kind: 'invoice' }}
    />
  );
}

/**
 * 发票管理 (finance_mg/invoice_mg, breadth §3.2): the invoices and receipts with 开票, 重打 and 作废,
 * and, for finance (finance_mg/invoice_mg:range), the number ranges cashiers take them from.
 */
export default function InvoiceMg() {
  const mayRange = mayUse(INVOICE_RANGE_ACCESS, useUserInfo().data?.role_menu ?? []);
  return (
    <Tabs
      items={[
        { key: 'invoices', label: '发票', children: <Invoices /> },
        ...(mayRange ? [{ key: 'ranges', label: '发票号段', children: <Ranges /> }] : []),
      ]}
    />
  );
}
