import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Table, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import {
  PAY_METHOD_NAMES,
  PAYMENT_KIND_LABELS,
  PAYMENT_PURPOSE_LABELS,
  type PaymentKind,
  type PaymentPurpose,
  type PayMethod,
} from '@checkup/api-contract';
import { printDayEnd, useCashierDayEnd, useDayEndLines } from '../api/day-end';
import { TotalsView } from './totals-view';

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
const PAGE_SIZE = 20;

/** 日结明细: a cashier day-end's totals, its lines (page by page) and invoices, and 打印. */
export function DayEndDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const detail = useCashierDayEnd(id);
  const lines = useDayEndLines(id, page, PAGE_SIZE);
  const dayEnd = detail.data?.day_end;

  const print = async () => {
    if (!dayEnd) return;
    try {
      await printDayEnd(dayEnd.id, dayEnd.day_end_no);
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  return (
    <Drawer
      open={id !== null}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      size={960}
      title={dayEnd ? `日结明细 ${dayEnd.day_end_no}` : '日结明细'}
      extra={
        <Button type="primary" disabled={!dayEnd} onClick={() => void print()}>
          打印
        </Button>
      }
    >
      {dayEnd && (
        <>
          <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
            <Descriptions.Item label="日结号">{dayEnd.day_end_no}</Descriptions.Item>
            <Descriptions.Item label="收费员">{dayEnd.cashier_name}</Descriptions.Item>
            <Descriptions.Item label="日结时间">{time(dayEnd.closed_at)}</Descriptions.Item>
            <Descriptions.Item label="财务日结">
              {dayEnd.finance_day_end_no ?? <Tag color="warning">未财务日结</Tag>}
            </Descriptions.Item>
          </Descriptions>
          <TotalsView totals={dayEnd} />
          <Tabs
            style={{ marginTop: 12 }}
            items={[
              {
                key: 'lines',
                label: '收费明细',
                children: (
                  <Table
                    size="small"
                    rowKey="id"
                    loading={lines.isFetching}
                    dataSource={lines.data?.list ?? []}
                    pagination={{
                      current: page,
                      pageSize: PAGE_SIZE,
                      total: lines.data?.total ?? 0,
                      onChange: setPage,
                      showSizeChanger: false,
                    }}
                    columns={[
                      { title: '收费时间', dataIndex: 'paid_at', key: 'paid_at', render: time },
                      {
                        title: '类别',
                        dataIndex: 'purpose',
                        key: 'purpose',
                        render: (p: string) => PAYMENT_PURPOSE_LABELS[p as PaymentPurpose] ?? p,
                      },
                      {
                        title: '类型',
                        dataIndex: 'kind',
                        key: 'kind',
                        render: (k: string) => PAYMENT_KIND_LABELS[k as PaymentKind] ?? k,
                      },
                      {
                        title: '付款方式',
                        dataIndex: 'pay_method',
                        key: 'pay_method',
                        render: (m: string) => PAY_METHOD_NAMES[m as PayMethod] ?? m,
                      },
                      { title: '体检号', dataIndex: 'order_id', key: 'order_id' },
                      { title: '卡号', dataIndex: 'card_no', key: 'card_no' },
                      { title: '金额（元）', dataIndex: 'amount', key: 'amount', align: 'right' },
                    ]}
                  />
                ),
              },
              {
                key: 'invoices',
                label: `发票明细（${detail.data?.invoices.length ?? 0}）`,
                children: (
                  <Table
                    size="small"
                    rowKey={(r) => `${r.id}-${r.counted_as}`}
                    pagination={false}
                    dataSource={detail.data?.invoices ?? []}
                    columns={[
                      { title: '发票号', dataIndex: 'invoice_no', key: 'invoice_no' },
                      { title: '抬头', dataIndex: 'title', key: 'title' },
                      {
                        title: '计入',
                        dataIndex: 'counted_as',
                        key: 'counted_as',
                        render: (c: string) => (c === 'issued' ? '开票' : <Tag color="error">作废</Tag>),
                      },
                      { title: '开票时间', dataIndex: 'issued_at', key: 'issued_at', render: time },
                      { title: '金额（元）', dataIndex: 'amount', key: 'amount', align: 'right' },
                    ]}
                  />
                ),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
