import { useState } from 'react';
import { App, Button, Popconfirm, Tag } from 'antd';
import {
  INVOICE_APPLICATION_STATE_LABELS,
  INVOICE_TYPE_LABELS,
  invoiceApplicationRemoveRoute,
  invoiceApplicationResource,
  type InvoiceApplicationRow,
  type InvoiceApplicationState,
} from '@checkup/api-contract';
import { ResourceList } from '../../../lib/resource/resource-list';
import { useUserInfo } from '../../session/api/get-user-info';
import { useInvoiceWrite } from '../shared/invoices/invoice-api';
import { ApplicationForm } from './application-form';
import { MoveButtons } from './move-buttons';

const text = (v: string | number | null) => (v === null ? '' : String(v));
const STATE_COLORS: Record<InvoiceApplicationState, string> = {
  0: 'default',
  1: 'blue',
  2: 'green',
  3: 'orange',
  4: 'gold',
  5: 'cyan',
  6: 'red',
};
const STATE_OPTIONS = Object.entries(INVOICE_APPLICATION_STATE_LABELS).map(([value, label]) => ({ value, label }));
const who = (name: string | null, at: string | null) => (name ? `${name} ${at ?? ''}` : '');

/** 修改 and 删除: one's own application while 未审核 (breadth §3.2). */
function OwnActions(props: { row: InvoiceApplicationRow; onEdit(): void }) {
  const { row } = props;
  const { message } = App.useApp();
  const me = useUserInfo().data?.id;
  const remove = useInvoiceWrite(invoiceApplicationRemoveRoute);
  if (row.state !== 0 || row.applied_by !== me) return null;
  return (
    <>
      <Button type="link" size="small" onClick={props.onEdit}>
        修改
      </Button>
      <Popconfirm
        title="删除该开票申请？"
        onConfirm={() =>
          remove.mutate(
            { id: row.id, version: row.version },
            {
              onSuccess: () => void message.success('已删除'),
              onError: (err) => void message.error(err.message),
            },
          )
        }
      >
        <Button type="link" size="small" danger>
          删除
        </Button>
      </Popconfirm>
    </>
  );
}

/**
 * 开票申请 (finance_mg/apply_for_invoice, breadth §1.6, §3.2): group invoice applications through the
 * seven states — 审核, 出票, 换票 — each button shown only from the states that allow it and to the
 * accounts holding it (:audit, :issue).
 */
export default function ApplyForInvoice() {
  const [editing, setEditing] = useState<InvoiceApplicationRow | 'new' | null>(null);
  return (
    <>
      <ResourceList
        resource={invoiceApplicationResource}
        title="开票申请"
        extra={
          <Button type="primary" onClick={() => setEditing('new')}>
            申请开票
          </Button>
        }
        filters={[
          { name: 'key', kind: 'search', label: '单位名称/订单号', placeholder: '单位名称或订单号，回车', width: 200 },
          { name: 'title', kind: 'search', label: '发票抬头', placeholder: '抬头，回车', width: 150 },
          { name: 'state', kind: 'select', label: '状态', options: STATE_OPTIONS },
          { kind: 'days', label: '申请日期' },
        ]}
        columns={[
          { title: '单位', dataIndex: 'company_name', width: 160 },
          { title: '订单号', dataIndex: 'order_no', width: 140 },
          {
            title: '发票类型',
            dataIndex: 'invoice_type',
            width: 130,
            render: (v: InvoiceApplicationRow['invoice_type']) => INVOICE_TYPE_LABELS[v],
          },
          { title: '发票号', dataIndex: 'invoice_no', width: 120, render: text },
          { title: '抬头', dataIndex: 'title', width: 160 },
          { title: '税号', dataIndex: 'tax_no', width: 150, render: text },
          { title: '面额', dataIndex: 'amount', width: 100, align: 'right' },
          {
            title: '状态',
            dataIndex: 'state',
            width: 100,
            render: (v: InvoiceApplicationState) => (
              <Tag color={STATE_COLORS[v]}>{INVOICE_APPLICATION_STATE_LABELS[v]}</Tag>
            ),
          },
          { title: '申请', key: 'applied', width: 200, render: (_v, r) => who(r.applied_by_name, r.applied_at) },
          { title: '销售经理', dataIndex: 'sales_name', width: 90, render: text },
          { title: '审核', key: 'audited', width: 200, render: (_v, r) => who(r.audited_by_name, r.audited_at) },
          { title: '审核说明', dataIndex: 'audit_note', width: 140, render: text },
          { title: '反审', key: 'unaudited', width: 200, render: (_v, r) => who(r.unaudited_by_name, r.unaudited_at) },
          { title: '反审说明', dataIndex: 'unaudit_note', width: 140, render: text },
          { title: '出票', key: 'issued', width: 200, render: (_v, r) => who(r.issued_by_name, r.issued_at) },
          {
            title: '换票申请',
            key: 'exchange_applied',
            width: 200,
            render: (_v, r) => who(r.exchange_applied_by_name, r.exchange_applied_at),
          },
          { title: '换票原因', dataIndex: 'exchange_reason', width: 160, render: text },
          {
            title: '换票审核',
            key: 'exchange_audited',
            width: 200,
            render: (_v, r) => who(r.exchange_audited_by_name, r.exchange_audited_at),
          },
          { title: '换票', key: 'exchanged', width: 200, render: (_v, r) => who(r.exchanged_by_name, r.exchanged_at) },
          { title: '原发票号', dataIndex: 'original_invoice_no', width: 120, render: text },
          { title: '备注', dataIndex: 'remark', width: 160, render: text },
        ]}
        rowActions={(row) => (
          <>
            <MoveButtons row={row} />
            <OwnActions row={row} onEdit={() => setEditing(row)} />
          </>
        )}
        actionsWidth={240}
      />
      {editing && <ApplicationForm editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
