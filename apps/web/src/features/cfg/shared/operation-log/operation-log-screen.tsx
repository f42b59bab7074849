import { useState } from 'react';
import { Button, Card, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { OPERATION_LOG_ACTIONS, type OperationLogCategory, type OperationLogRow } from '@checkup/api-contract';
import { DateRangeFilter, GenericTable, SearchBox, usePaging, type GenericColumn } from '@checkup/ui';
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
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [key, setKey] = useState('');
  const { page, firstPage, pagination } = usePaging();

  const list = useOperationLogs({
    category,
    action,
    date_from: range?.from,
    date_to: range?.to,
    key: key || undefined,
    ...page,
  });

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
        <DateRangeFilter
          label="日期"
          onChange={(next) => {
            setRange(next);
            firstPage();
          }}
        />
        <SearchBox
          label="账号、姓名或体检号"
          placeholder="账号、姓名或体检号，回车"
          width={270}
          onSearch={(words) => {
            setKey(words);
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
        pagination={pagination(list.data?.total ?? 0)}
      />
    </Card>
  );
}
