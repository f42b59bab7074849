import { App, Button, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import type { CashierDayEndRow } from '@checkup/api-contract';
import type { GenericColumn } from '@checkup/ui';
import { printDayEnd } from '../api/day-end';

export const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
export const methodsText = (lines: CashierDayEndRow['by_method']) =>
  lines.map((m) => `${m.name} ${m.amount}`).join('；');
export const PAGE_SIZE = 10;

export const cashierColumns = (all: boolean): GenericColumn<CashierDayEndRow>[] => [
  { title: '日结号', dataIndex: 'day_end_no', width: 150 },
  ...(all ? [{ title: '收费员', dataIndex: 'cashier_name', width: 90 }] : []),
  { title: '日结时间', dataIndex: 'closed_at', width: 140, render: time },
  { title: '笔数', dataIndex: 'line_count', width: 70 },
  { title: '总金额', dataIndex: 'total', width: 110, align: 'right' },
  { title: '实收', dataIndex: 'received_total', width: 110, align: 'right' },
  { title: '非现金', dataIndex: 'non_cash_total', width: 110, align: 'right' },
  { title: '发票总金额', dataIndex: 'invoice_total', width: 110, align: 'right' },
  {
    title: '财务日结',
    dataIndex: 'finance_day_end_no',
    width: 150,
    render: (no: string | null) => no ?? <Tag color="warning">未财务日结</Tag>,
  },
];

/** The rows' actions: 明细 (the drawer) and 打印. */
export function useRowActions(open: (id: number) => void) {
  const { message } = App.useApp();
  return {
    title: '操作',
    key: 'actions',
    width: 130,
    fixed: 'right' as const,
    render: (_: unknown, r: CashierDayEndRow) => (
      <Space size={4}>
        <Button size="small" onClick={() => open(r.id)}>
          明细
        </Button>
        <Button
          size="small"
          onClick={() => printDayEnd(r.id, r.day_end_no).catch((err: Error) => void message.error(err.message))}
        >
          打印
        </Button>
      </Space>
    ),
  };
}
