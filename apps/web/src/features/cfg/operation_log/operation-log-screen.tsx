import { useState } from 'react';
import { Button, Card, DatePicker, Input, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { OPERATION_LOG_ACTIONS, type OperationLogCategory, type OperationLogRow } from '@checkup/api-contract';
import { GenericTable, type GenericColumn } from '@checkup/ui';
import { useOperationLogs } from './api/get-operation-logs';
import { detailText } from './detail-text';

const operator = (r: OperationLogRow) =>
  r.user_account ? (r.user_name ? `${r.user_name}（${r.user_account}）` : r.user_account) : '';

/**
 * One operation log of 系统设置 (系统操作日志 or 业务操作日志): the audit rows of its actions, newest
 * first, found by action, day, and account, name or order id; who did what to which record, and from where.
 */
export function OperationLogScreen({ category, title }: { category: OperationLogCategory; title: string }) {
  const actions = OPERATION_LOG_ACTIONS[category];
  const [action, setAction] = useState<string | undefined>();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [typed, setTyped] = useState('');
  const [key, setKey] = useState('');
  const [page, setPage] = useState({ page: 1, size: 20 });

  const list = useOperationLogs({
    category,
    action,
    date_from: range?.[0].format('YYYY-MM-DD'),
    date_to: range?.[1].format('YYYY-MM-DD'),
    key: key || undefined,
    ...page,
  });
  const firstPage = () => setPage((p) => ({ ...p, page: 1 }));

  const columns: GenericColumn<OperationLogRow>[] = [
    {
      title: '时间',
      dataIndex: 'created_at',
      width: 165,
      render: (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss'),
    },
    { title: '操作', dataIndex: 'action', width: 150, render: (code: string) => actions[code] ?? code },
    { title: '操作人', key: 'operator', width: 160, render: (_: unknown, r) => operator(r) },
    { title: '对象', dataIndex: 'target', width: 170, render: (v: string | null) => v ?? '' },
    {
      title: '详情',
      key: 'detail',
      width: 320,
      render: (_: unknown, r) => (
        <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 300 }}>
          {detailText(r.action, r.detail)}
        </Typography.Text>
      ),
    },
    { title: 'IP', dataIndex: 'ip', width: 120, render: (v: string | null) => v ?? '' },
  ];

  return (
    <Card size="small" title={title}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Select
          aria-label="操作类型"
          allowClear
          placeholder="全部操作"
          style={{ width: 180 }}
          value={action}
          options={Object.entries(actions).map(([value, label]) => ({ value, label }))}
          onChange={(v?: string) => {
            setAction(v);
            firstPage();
          }}
        />
        <DatePicker.RangePicker
          aria-label="日期"
          value={range}
          onChange={(v) => {
            setRange(v && v[0] && v[1] ? [v[0], v[1]] : null);
            firstPage();
          }}
        />
        <Input.Search
          aria-label="账号、姓名或体检号"
          placeholder="账号、姓名或体检号，回车"
          allowClear
          style={{ width: 270 }}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(v) => {
            setKey(v.trim());
            firstPage();
          }}
        />
        <Button onClick={() => void list.refetch()}>刷新</Button>
      </Space>
      {list.isError && (
        <Typography.Paragraph type="danger" role="alert">
          {list.error.message}
        </Typography.Paragraph>
      )}
      <GenericTable<OperationLogRow>
        tableKey={`operation_log_${category}`}
        rowKey="id"
        size="small"
        virtual={false}
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={{
          current: page.page,
          pageSize: page.size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (next, size) => setPage({ page: next, size }),
        }}
      />
    </Card>
  );
}
