import { useState } from 'react';
import { Badge, Button, Card, Segmented, Select, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { CRITICAL_STATUS_LABELS, type CriticalValueRow } from '@checkup/api-contract';
import { DateRangeFilter, GenericTable, SearchBox, usePaging, type GenericColumn } from '@checkup/ui';
import { queueOverviewQueryOptions } from '../shared/queue/api/get-queue-overview';
import { useCriticalValues } from './api/get-critical-values';
import { HandleModal } from './components/handle-modal';
import { NotifyModal } from './components/notify-modal';

const time = (iso: string | null) => (iso ? dayjs(iso).format('MM-DD HH:mm') : '');

const limits = (r: CriticalValueRow) =>
  [r.critical_low && `< ${Number(r.critical_low)}`, r.critical_high && `> ${Number(r.critical_high)}`]
    .filter(Boolean)
    .join(' 或 ');

/** The value with its arrow: ↑ above the critical high limit, ↓ below the low one. */
function ValueCell({ row }: { row: CriticalValueRow }) {
  const up = row.direction === 'H';
  return (
    <Typography.Text strong type="danger">
      {row.result_value}
      {row.unit ? ` ${row.unit}` : ''} <span aria-label={up ? '偏高' : '偏低'}>{up ? '↑' : '↓'}</span>
    </Typography.Text>
  );
}

type StatusChoice = '0' | '2' | '';

/** 危急值管理 (exam_mg/ser_dis_mg): critical values raised by the departments, told and handled. */
export default function SerDisMg() {
  const [status, setStatus] = useState<StatusChoice>('0');
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [deptId, setDeptId] = useState<number | undefined>();
  const [key, setKey] = useState('');
  const { page, firstPage, pagination } = usePaging();
  const [notifying, setNotifying] = useState<CriticalValueRow | null>(null);
  const [handling, setHandling] = useState<CriticalValueRow | null>(null);
  // The department list of the queue overview: every active department.
  const depts = useQuery(queueOverviewQueryOptions);

  const list = useCriticalValues({
    status,
    date_from: range?.from,
    date_to: range?.to,
    exam_dept_id: deptId,
    key: key || undefined,
    ...page,
  });

  const columns: GenericColumn<CriticalValueRow>[] = [
    {
      title: '状态',
      dataIndex: 'status',
      width: 70,
      render: (v: CriticalValueRow['status']) => (
        <Tag color={v === '2' ? 'success' : 'error'}>{CRITICAL_STATUS_LABELS[v]}</Tag>
      ),
    },
    { title: '体检号', dataIndex: 'order_id', width: 150 },
    { title: '姓名', dataIndex: 'cust_name', width: 80 },
    {
      title: '性别/年龄',
      key: 'sex_age',
      width: 80,
      render: (_: unknown, r) => `${r.sex === '1' ? '男' : '女'} / ${r.age}`,
    },
    { title: '项目', dataIndex: 'item_name', width: 110 },
    { title: '结果', key: 'value', width: 110, render: (_: unknown, r) => <ValueCell row={r} /> },
    { title: '参考范围', dataIndex: 'ref_range', width: 100 },
    { title: '危急界值', key: 'limits', width: 120, render: (_: unknown, r) => limits(r) },
    { title: '报告时间', dataIndex: 'created_at', width: 100, render: time },
    { title: '科室', dataIndex: 'dept_name', width: 90 },
    { title: '报告医生', dataIndex: 'raised_by_name', width: 80 },
    {
      title: '通知',
      key: 'notice',
      width: 200,
      render: (_: unknown, r) =>
        r.notified_at ? `${r.notified_person ?? ''} ${time(r.notified_at)} ${r.notified_by_name ?? ''}` : '未通知',
    },
    {
      title: '处理',
      key: 'handled',
      width: 200,
      render: (_: unknown, r) =>
        r.status === '2' ? `${r.handled_by_name ?? ''} ${time(r.handled_at)} ${r.note ?? ''}` : '',
    },
    {
      title: '操作',
      key: 'action',
      width: 130,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button size="small" type="link" onClick={() => setNotifying(r)}>
            登记通知
          </Button>
          {r.status === '0' && (
            <Button size="small" type="link" onClick={() => setHandling(r)}>
              处理
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={
        <Space>
          危急值管理
          <Badge count={list.data?.unhandled_total ?? 0} overflowCount={999} title="未处理危急值" />
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 8 }}>
        <Segmented<StatusChoice>
          aria-label="处理状态"
          value={status}
          onChange={(v) => {
            setStatus(v);
            firstPage();
          }}
          options={[
            { value: '0', label: '未处理' },
            { value: '2', label: '已处理' },
            { value: '', label: '全部' },
          ]}
        />
        <DateRangeFilter
          label="报告日期"
          onChange={(next) => {
            setRange(next);
            firstPage();
          }}
        />
        <Select
          aria-label="科室"
          allowClear
          placeholder="全部科室"
          style={{ width: 140 }}
          value={deptId}
          options={(depts.data?.depts ?? []).map((d) => ({ value: d.exam_dept_id, label: d.dept_name }))}
          onChange={(v?: number) => {
            setDeptId(v);
            firstPage();
          }}
        />
        <SearchBox
          label="姓名或体检号"
          placeholder="姓名或体检号，回车"
          width={220}
          onSearch={(words) => {
            setKey(words);
            firstPage();
          }}
        />
        <Button onClick={() => void list.refetch()}>刷新</Button>
      </Space>
      <GenericTable<CriticalValueRow>
        tableKey="ser_dis_mg"
        rowKey="id"
        size="small"
        virtual={false}
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1600 }}
        pagination={pagination(list.data?.total ?? 0)}
      />
      <NotifyModal row={notifying} onClose={() => setNotifying(null)} />
      <HandleModal row={handling} onClose={() => setHandling(null)} />
    </Card>
  );
}
