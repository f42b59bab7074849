import { useState } from 'react';
import { Button, Card, Input, Segmented, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { FRONT_LOG_TYPE_LABELS, type FrontLogRow, type FrontLogType } from '@checkup/api-contract';
import { DateRangeFilter, GenericTable, SearchBox, usePaging, type GenericColumn } from '@checkup/ui';
import { useFrontLogs } from './api/get-front-logs';
import { LOG_TYPE_COLORS, LogDetailDrawer, reporterOf } from './components/log-detail-drawer';
import { viewOf } from './log-content-view';

type TypeChoice = FrontLogType | '';

const columns: GenericColumn<FrontLogRow>[] = [
  {
    title: '时间',
    dataIndex: 'created_at',
    width: 165,
    render: (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss'),
  },
  {
    title: '类型',
    dataIndex: 'log_type',
    width: 60,
    render: (type: FrontLogType) => <Tag color={LOG_TYPE_COLORS[type]}>{FRONT_LOG_TYPE_LABELS[type]}</Tag>,
  },
  {
    title: '错误信息',
    key: 'message',
    width: 260,
    render: (_: unknown, r) => (
      <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 240 }}>
        {viewOf(r.log_content).message}
      </Typography.Text>
    ),
  },
  {
    title: '页面',
    key: 'where',
    width: 180,
    render: (_: unknown, r) => (
      <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 160 }}>
        {viewOf(r.log_content).where ?? ''}
      </Typography.Text>
    ),
  },
  { title: '用户', key: 'user', width: 150, render: (_: unknown, r) => reporterOf(r) },
  { title: '来源', dataIndex: 'log_source', width: 90, ellipsis: true },
  { title: 'IP', dataIndex: 'ip', width: 110 },
];

/**
 * 前端日志 (cfg/log_front): the errors the workstations' browsers reported (spec §7 add_log) and
 * the gateway's duplicate-request warnings, newest first, names and ID numbers already masked by
 * the gateway. Whoever supports the system finds an error by its day, type or words, and reads it whole.
 */
export default function LogFront() {
  const [logType, setLogType] = useState<TypeChoice>('');
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [sourceTyped, setSourceTyped] = useState('');
  const [source, setSource] = useState('');
  const [key, setKey] = useState('');
  const { page, firstPage, pagination } = usePaging();
  const [open, setOpen] = useState<FrontLogRow | null>(null);

  const list = useFrontLogs({
    log_type: logType || undefined,
    date_from: range?.from,
    date_to: range?.to,
    log_source: source || undefined,
    key: key || undefined,
    ...page,
  });
  const applySource = (value: string) => {
    if (value.trim() === source) return;
    setSource(value.trim());
    firstPage();
  };

  const withAction: GenericColumn<FrontLogRow>[] = [
    ...columns,
    {
      title: '操作',
      key: 'action',
      width: 64,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button size="small" type="link" onClick={() => setOpen(r)}>
          查看
        </Button>
      ),
    },
  ];

  return (
    <Card size="small" title="前端日志">
      <Space wrap style={{ marginBottom: 8 }}>
        <Segmented<TypeChoice>
          aria-label="日志类型"
          value={logType}
          onChange={(v) => {
            setLogType(v);
            firstPage();
          }}
          options={[
            { value: '', label: '全部' },
            { value: 'error', label: FRONT_LOG_TYPE_LABELS.error },
            { value: 'warn', label: FRONT_LOG_TYPE_LABELS.warn },
            { value: 'info', label: FRONT_LOG_TYPE_LABELS.info },
          ]}
        />
        <DateRangeFilter
          label="日期"
          onChange={(next) => {
            setRange(next);
            firstPage();
          }}
        />
        <Input
          aria-label="来源"
          placeholder="来源，回车"
          allowClear
          style={{ width: 140 }}
          value={sourceTyped}
          onChange={(e) => {
            setSourceTyped(e.target.value);
            // The clear button empties it at once; typed words apply on Enter or leaving the box.
            if (e.target.value === '') applySource('');
          }}
          onPressEnter={() => applySource(sourceTyped)}
          onBlur={() => applySource(sourceTyped)}
        />
        <SearchBox
          label="内容、账号或姓名"
          placeholder="内容、账号或姓名，回车"
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
      <GenericTable<FrontLogRow>
        tableKey="log_front"
        rowKey="id"
        size="small"
        virtual={false}
        columns={withAction}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        onRow={(r) => ({ onDoubleClick: () => setOpen(r) })}
        pagination={pagination(list.data?.total ?? 0)}
      />
      <LogDetailDrawer row={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
