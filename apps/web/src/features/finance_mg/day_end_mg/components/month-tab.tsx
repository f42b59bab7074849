import { useState } from 'react';
import { App, Button, Card, DatePicker, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCloseMonth, useMonthStatements } from '../api/day-end';
import { methodsText, PAGE_SIZE, time } from './columns';

/** 月结: a month's statement from its finance day-ends (at least one), once a month. */
export function MonthTab() {
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
