import { useState } from 'react';
import { App, Button, Card, DatePicker, Drawer, Space, Table, Tabs, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  DAY_END_FINANCE_ACCESS,
  mayUse,
  type CashierDayEndRow,
  type FinanceDayEndRow,
} from '@checkup/api-contract';
import { GenericTable, type GenericColumn } from '@checkup/ui';
import { useUserInfo } from '../../session/api/get-user-info';
import {
  printDayEnd,
  useCashierDayEnds,
  useCashierPreview,
  useCloseCashierDayEnd,
  useCloseFinanceDayEnd,
  useCloseMonth,
  useFinanceDayEnd,
  useFinanceDayEnds,
  useMonthStatements,
} from './api/day-end';
import { DayEndDrawer } from './components/day-end-drawer';
import { TotalsView } from './components/totals-view';

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
const methodsText = (lines: CashierDayEndRow['by_method']) => lines.map((m) => `${m.name} ${m.amount}`).join('；');
const PAGE_SIZE = 10;

const cashierColumns = (all: boolean): GenericColumn<CashierDayEndRow>[] => [
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
function useRowActions(open: (id: number) => void) {
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

/** 收费员日结: the caller's open lines totalled, 日结 (with a confirm), and their day-ends. */
function CashierTab({ seesAll, open }: { seesAll: boolean; open: (id: number) => void }) {
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(1);
  const preview = useCashierPreview();
  const history = useCashierDayEnds({ page, size: PAGE_SIZE });
  const close = useCloseCashierDayEnd();
  const actions = useRowActions(open);

  const onClose = () =>
    modal.confirm({
      title: '收费员日结',
      content: `确定对本人${preview.data?.line_count ?? 0}笔未日结的收费记录和发票做日结吗？日结后的记录不可再修改。`,
      okText: '日结',
      cancelText: '取消',
      onOk: async () => {
        try {
          const done = await close.mutateAsync(undefined);
          void message.success(`日结完成，日结号${done.day_end_no}`);
          open(done.id);
        } catch (err) {
          void message.error((err as Error).message);
        }
      },
    });

  return (
    <>
      <Card
        size="small"
        title="本人未日结"
        extra={
          <Space>
            <Button onClick={() => void preview.refetch()}>刷新</Button>
            <Button type="primary" loading={close.isPending} onClick={onClose}>
              日结
            </Button>
          </Space>
        }
        loading={preview.isLoading}
      >
        {preview.data && <TotalsView totals={preview.data} />}
      </Card>
      <Card size="small" title={seesAll ? '收费员日结记录' : '我的日结记录'} style={{ marginTop: 12 }}>
        <GenericTable<CashierDayEndRow>
          tableKey="day_end_cashier"
          rowKey="id"
          size="small"
          virtual={false}
          dataSource={history.data?.list ?? []}
          loading={history.isFetching}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: history.data?.total ?? 0, onChange: setPage }}
          columns={[...cashierColumns(seesAll), actions]}
        />
      </Card>
    </>
  );
}

/** 财务日结: the cashier day-ends not yet rolled up, 日结 of them all, and the finance day-ends. */
function FinanceTab({ open }: { open: (id: number) => void }) {
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

/** 月结: a month's statement from its finance day-ends (at least one), once a month. */
function MonthTab() {
  const { message, modal } = App.useApp();
  const [month, setMonth] = useState<Dayjs>(dayjs());
  const [page, setPage] = useState(1);
  const history = useMonthStatements({ page, size: PAGE_SIZE }, true);
  const close = useCloseMonth();
  const text = month.format('YYYY-MM');

  const onClose = () =>
    modal.confirm({
      title: '月结',
      content: `确定生成${text}的月结单吗？每月只能月结一次。`,
      okText: '月结',
      cancelText: '取消',
      onOk: async () => {
        try {
          const done = await close.mutateAsync(text);
          void message.success(`月结完成，月结单号${done.statement_no}`);
        } catch (err) {
          void message.error((err as Error).message);
        }
      },
    });

  return (
    <Card
      size="small"
      title="月结单"
      extra={
        <Space>
          <DatePicker picker="month" allowClear={false} value={month} onChange={(v) => v && setMonth(v)} />
          <Button type="primary" loading={close.isPending} onClick={onClose}>
            月结
          </Button>
        </Space>
      }
    >
      <Table
        size="small"
        rowKey="id"
        loading={history.isFetching}
        dataSource={history.data?.list ?? []}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: history.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '月结单号', dataIndex: 'statement_no', key: 'no' },
          { title: '月份', dataIndex: 'month', key: 'month' },
          { title: '财务日结数', dataIndex: 'finance_day_end_count', key: 'count' },
          { title: '总金额', dataIndex: 'total', key: 'total', align: 'right' },
          { title: '实收', dataIndex: 'received_total', key: 'received', align: 'right' },
          { title: '非现金', dataIndex: 'non_cash_total', key: 'non_cash', align: 'right' },
          { title: '付款方式', dataIndex: 'by_method', key: 'methods', render: methodsText },
          { title: '月结人', dataIndex: 'closed_by_name', key: 'by' },
          { title: '月结时间', dataIndex: 'closed_at', key: 'at', render: time },
        ]}
      />
    </Card>
  );
}

/**
 * 日结管理 (finance_mg/day_end_mg, breadth §3.7): 收费员日结 for every cashier; 财务日结 and 月结 with
 * the 财务 permission (day_end_mg:finance). A closed day-end never changes; it can be reprinted.
 */
export default function DayEndMg() {
  const roleMenu = useUserInfo().data?.role_menu ?? [];
  const seesAll = mayUse(DAY_END_FINANCE_ACCESS, roleMenu);
  const [opened, setOpened] = useState<number | null>(null);
  return (
    <>
      <Tabs
        items={[
          { key: 'cashier', label: '收费员日结', children: <CashierTab seesAll={seesAll} open={setOpened} /> },
          ...(seesAll
            ? [
                { key: 'finance', label: '财务日结', children: <FinanceTab open={setOpened} /> },
                { key: 'month', label: '月结', children: <MonthTab /> },
              ]
            : []),
        ]}
      />
      <DayEndDrawer id={opened} onClose={() => setOpened(null)} />
    </>
  );
}
