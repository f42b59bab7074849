import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, DatePicker, Input, Select, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { ORDER_STATUS_LABELS, REVIEW_STEP_RULES, type ReviewStep, type ReviewWorklistRow } from '@checkup/api-contract';
import { GenericTable, usePaging, type GenericColumn } from '@checkup/ui';
import { onRefreshFlag } from '../../../../lib/refresh-flag';
import { usePersonGuard } from '../../../session/confidential-guard';
import { BatchPass } from '../review-levels/batch-pass';
import { useReviewWorklist } from './api/get-review-worklist';
import { reviewDetailPath } from './review-paths';

const ASSIGNED_OPTIONS = [
  { value: '', label: '全部' },
  { value: 'mine', label: '分配给我' },
  { value: 'assigned', label: '已分配' },
  { value: 'unassigned', label: '未分配' },
];

interface Props {
  title: string;
  tableKey: string;
  step?: ReviewStep;
  /** rejects_report: the returned visits with their reasons */
  returned?: boolean;
  extraColumns?: GenericColumn<ReviewWorklistRow>[];
  actions?: (row: ReviewWorklistRow) => ReactNode;
}

/**
 * The review worklists (初审, 主审, 终审, 总检审核, 退回报告): the visits at a step, the user's own
 * first; filter by exam date, assignment, name or order id; a double click or 审核 opens the detail.
 */
export function ReviewWorklist({ title, tableKey, step, returned, extraColumns = [], actions }: Props) {
  const navigate = useNavigate();
  const mayView = usePersonGuard();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [assigned, setAssigned] = useState('');
  const [keyword, setKeyword] = useState('');
  // Issue 20: a level's worklist also lists the visits I passed at it, where a 反审 is made.
  const [scope, setScope] = useState<'waiting' | 'passed'>('waiting');
  const passedMine = step !== undefined && !returned && scope === 'passed';
  const { page, firstPage: first, pagination } = usePaging();
  const list = useReviewWorklist({
    step,
    returned: returned ? '1' : undefined,
    passed: passedMine ? 'mine' : undefined,
    date_from: range?.[0].format('YYYY-MM-DD'),
    date_to: range?.[1].format('YYYY-MM-DD'),
    assigned: (assigned || undefined) as 'mine' | 'assigned' | 'unassigned' | undefined,
    keyword: keyword || undefined,
    ...page,
  });
  const { refetch } = list;
  useEffect(() => onRefreshFlag(() => void refetch()), [refetch]);

  const open = (row: ReviewWorklistRow) => {
    if (mayView(row)) void navigate(reviewDetailPath(row));
  };

  const columns: GenericColumn<ReviewWorklistRow>[] = [
    { title: '体检号', dataIndex: 'order_id', width: 170 },
    { title: '姓名', dataIndex: 'cust_name', width: 100 },
    { title: '性别', dataIndex: 'sex', width: 56, render: (v: string) => (v === '1' ? '男' : '女') },
    { title: '年龄', dataIndex: 'age', width: 56 },
    { title: '体检日期', dataIndex: 'exam_date', width: 106 },
    {
      title: '审核步骤',
      dataIndex: 'step',
      width: 90,
      render: (v: ReviewStep | null) => (v ? <Tag color="processing">待{REVIEW_STEP_RULES[v].label}</Tag> : '-'),
    },
    {
      title: '订单状态',
      dataIndex: 'order_status',
      width: 100,
      render: (v: keyof typeof ORDER_STATUS_LABELS) => ORDER_STATUS_LABELS[v],
    },
    { title: '审核医生', dataIndex: 'reviewer_name', width: 100, render: (v: string | null) => v ?? '未分配' },
    {
      title: '异常',
      dataIndex: 'exception_flag',
      width: 64,
      render: (v: string) => (v === '1' ? <Tag color="error">异常</Tag> : ''),
    },
    ...extraColumns,
    {
      title: '操作',
      key: 'action',
      width: 110,
      render: (_: unknown, row: ReviewWorklistRow) =>
        actions?.(row) ?? (
          <Button size="small" type="link" onClick={() => open(row)}>
            {row.step && !passedMine ? '审核' : '查看'}
          </Button>
        ),
    },
  ];

  return (
    <Card size="small" title={title}>
      <Space wrap style={{ marginBottom: 8 }}>
        <DatePicker.RangePicker
          aria-label="体检日期"
          value={range}
          onChange={(v) => {
            setRange(v && v[0] && v[1] ? [v[0], v[1]] : null);
            first();
          }}
        />
        {!returned && (
          <Select
            aria-label="分配情况"
            style={{ width: 110 }}
            value={assigned}
            options={ASSIGNED_OPTIONS}
            onChange={(v: string) => {
              setAssigned(v);
              first();
            }}
          />
        )}
        <Input.Search
          aria-label="体检号或姓名"
          placeholder="体检号/姓名，回车"
          allowClear
          autoFocus
          style={{ width: 240 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            first();
          }}
          enterButton="查询"
        />
        {step && !returned && (
          <Select
            aria-label="列表范围"
            style={{ width: 170 }}
            value={scope}
            options={[
              { value: 'waiting', label: `待${REVIEW_STEP_RULES[step].label}` },
              { value: 'passed', label: `本人已${REVIEW_STEP_RULES[step].label}（可反审）` },
            ]}
            onChange={(v: 'waiting' | 'passed') => {
              setScope(v);
              first();
            }}
          />
        )}
        <Button onClick={() => void refetch()}>刷新</Button>
        {step && !returned && <BatchPass step={step} onPassed={() => void refetch()} />}
      </Space>
      <GenericTable<ReviewWorklistRow>
        tableKey={tableKey}
        rowKey="order_id"
        size="small"
        virtual={false}
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        onRow={(row) => ({ onDoubleClick: () => open(row) })}
        pagination={pagination(list.data?.total ?? 0)}
      />
    </Card>
  );
}
