import { Button, Tag } from 'antd';
import type { CardLedgerRow } from '@checkup/api-contract';
import { GenericTable, type GenericColumn } from '@checkup/ui';

const time = (v: string) => new Date(v).toLocaleString('zh-CN', { hour12: false });
const text = (v: string | null) => v ?? '';

/** A card's ledger lines (卡流水): kind, signed amount, balance after, visit, operator, time. */
export function LedgerTable(props: {
  rows: readonly CardLedgerRow[];
  loading?: boolean;
  onRefund?(row: CardLedgerRow): void;
}) {
  const columns: GenericColumn<CardLedgerRow>[] = [
    { title: '时间', dataIndex: 'created_at', width: 160, render: time },
    { title: '类型', dataIndex: 'kind', width: 70, render: (k: string) => <Tag>{k}</Tag> },
    { title: '金额', dataIndex: 'amount', width: 100, align: 'right' },
    { title: '操作后余额', dataIndex: 'balance_after', width: 110, align: 'right' },
    { title: '体检号', dataIndex: 'order_id', width: 140, render: text },
    { title: '姓名', dataIndex: 'cust_name', width: 80, render: text },
    { title: '备注', dataIndex: 'note', width: 160, render: text },
    { title: '操作人', dataIndex: 'operator_name', width: 80, render: text },
  ];
  if (props.onRefund) {
    columns.push({
      title: '操作',
      key: 'refund',
      width: 80,
      render: (_v, row) =>
        row.refundable && (
          <Button type="link" size="small" onClick={() => props.onRefund!(row)}>
            退款
          </Button>
        ),
    });
  }
  return (
    <GenericTable<CardLedgerRow>
      tableKey="exam-card-ledger"
      rowKey="id"
      size="small"
      virtual={false}
      loading={props.loading}
      dataSource={[...props.rows]}
      columns={columns}
      pagination={false}
    />
  );
}
