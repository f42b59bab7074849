import { useState } from 'react';
import { App, Button, Card, Drawer, Table } from 'antd';
import type { CashierDayEndRow, FinanceDayEndRow } from '@checkup/api-contract';
import { GenericTable, type GenericColumn } from '@checkup/ui';
import { useCashierDayEnds, useCloseFinanceDayEnd, useFinanceDayEnd, useFinanceDayEnds } from '../api/day-end';
import { cashierColumns, methodsText, PAGE_SIZE, time, useRowActions } from './columns';
import { TotalsView } from './totals-view';

/** 财务日结: the cashier day-ends not yet rolled up, 日结 of them all, and the finance day-ends. */
export function FinanceTab({ open }: { open: (id: number) => void }) {
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<number | null>(null);
  const pending = useCashierDayEnds({ pending: '1', page: 1, size: 200 });
  const history = useFinanceDayEnds({ page, size: PAGE_SIZE }, true);
  const detail = useFinanceDayEnd(viewing);
  const close = useCloseFinanceDayEnd();
  const actions = useRowActions(open);

  const onClose = () =>
    modal.confirm({
      title: '财务日结',
      content: `确定汇总${pending.data?.total ?? 0}份未汇总的收费员日结吗？`,
      okText: '日结',
      cancelText: '取消',
      onOk: async () => {
        try {
          const done = await close.mutateAsync(undefined);
          void message.success(`财务日结完成，日结号${done.day_end_no}，总金额${done.total}元`);
        } catch (err) {
          void message.error((err as Error).message);
        }
      },
    });

  const financeColumns: GenericColumn<FinanceDayEndRow>[] = [
    { title: '财务日结号', dataIndex: 'day_end_no', width: 150 },
    { title: '日结时间', dataIndex: 'closed_at', width: 140, render: time },
    { title: '日结人', dataIndex: 'closed_by_name', width: 90 },
    { title: '收费员数', dataIndex: 'cashier_count', width: 80 },
    { title: '总金额', dataIndex: 'total', width: 110, align: 'right' },
    { title: '实收', dataIndex: 'received_total', width: 110, align: 'right' },
    { title: '非现金', dataIndex: 'non_cash_total', width: 110, align: 'right' },
    { title: '付款方式', dataIndex: 'by_method', width: 260, render: methodsText },
    { title: '月结单', dataIndex: 'statement_no', width: 110 },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button size="small" onClick={() => setViewing(r.id)}>
          明细
        </Button>
      ),
    },
  ];

  return (
    <>
      <Card
        size="small"
        title="待汇总的收费员日结"
        extra={
          <Button type="primary" loading={close.isPending} onClick={onClose}>
            财务日结
          </Button>
        }
      >
        <GenericTable<CashierDayEndRow>
          tableKey="day_end_pending"
          rowKey="id"
          size="small"
          virtual={false}
          dataSource={pending.data?.list ?? []}
          loading={pending.isFetching}
          pagination={false}
          columns={[...cashierColumns(true), actions]}
        />
      </Card>
      <Card size="small" title="财务日结记录" style={{ marginTop: 12 }}>
        <GenericTable<FinanceDayEndRow>
          tableKey="day_end_finance"
          rowKey="id"
          size="small"
          virtual={false}
          dataSource={history.data?.list ?? []}
          loading={history.isFetching}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: history.data?.total ?? 0, onChange: setPage }}
          columns={financeColumns}
        />
      </Card>
      <Drawer
        open={viewing !== null}
        onClose={() => setViewing(null)}
        size={960}
        title={detail.data ? `财务日结 ${detail.data.day_end.day_end_no}` : '财务日结'}
      >
        {detail.data && (
          <>
            <TotalsView totals={{ ...detail.data.day_end, line_count: detail.data.cashier_day_ends.length }} />
            <Table<CashierDayEndRow>
              style={{ marginTop: 12 }}
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={detail.data.cashier_day_ends}
              columns={[
                { title: '日结号', dataIndex: 'day_end_no', key: 'no' },
                { title: '收费员', dataIndex: 'cashier_name', key: 'cashier' },
                { title: '日结时间', dataIndex: 'closed_at', key: 'at', render: time },
                { title: '总金额', dataIndex: 'total', key: 'total', align: 'right' },
                { title: '实收', dataIndex: 'received_total', key: 'received', align: 'right' },
                {
                  title: '操作',
                  key: 'open',
                  render: (_: unknown, r) => (
                    <Button size="small" onClick={() => open(r.id)}>
                      明细
                    </Button>
                  ),
                },
              ]}
            />
          </>
        )}
      </Drawer>
    </>
  );
}
