import { useState } from 'react';
import { App, Button, Card, DatePicker, Input, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { REVIEW_STEP_RULES, type ReviewStep, type ReviewWorklistRow } from '@checkup/api-contract';
import { GenericTable, usePaging, type GenericColumn } from '@checkup/ui';
import { useReviewWorklist } from '../shared/review-worklist/api/get-review-worklist';
import { useAllotReviews } from './api/allot-reviews';
import { useReviewers } from './api/get-reviewers';

const ASSIGNED_OPTIONS = [
  { value: '', label: '全部' },
  { value: 'unassigned', label: '未分配' },
  { value: 'assigned', label: '已分配' },
];

/**
 * 审核分配 of one step: the visits waiting for it, given to a reviewer (selected rows), spread evenly
 * over the chosen reviewers (自动分配, the unassigned ones in the date range), or taken back.
 */
export function AllotPage({ step }: { step: ReviewStep }) {
  const { message } = App.useApp();
  const label = REVIEW_STEP_RULES[step].label;
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [assigned, setAssigned] = useState('unassigned');
  const [keyword, setKeyword] = useState('');
  const { page, firstPage, pagination } = usePaging(50);
  const [selected, setSelected] = useState<string[]>([]);
  const [reviewerId, setReviewerId] = useState<number | undefined>();
  const [autoIds, setAutoIds] = useState<number[]>([]);
  const dateFrom = range?.[0].format('YYYY-MM-DD');
  const dateTo = range?.[1].format('YYYY-MM-DD');
  const list = useReviewWorklist({
    step,
    date_from: dateFrom,
    date_to: dateTo,
    assigned: (assigned || undefined) as 'assigned' | 'unassigned' | undefined,
    keyword: keyword || undefined,
    ...page,
  });
  const reviewers = useReviewers(step);
  const { assign, auto, unassign } = useAllotReviews();
  const fail = (err: Error) => void message.error(err.message);

  const onAssign = () => {
    if (selected.length === 0) return void message.warning('请先勾选要分配的体检订单');
    if (!reviewerId) return void message.warning('请选择审核医生');
    assign.mutate(
      { step, orderIds: selected, reviewerId },
      {
        onSuccess: ({ assigned: n }) => {
          setSelected([]);
          void message.success(`已分配 ${n} 个订单`);
        },
        onError: fail,
      },
    );
  };

  const onAuto = () => {
    const ids = autoIds.length ? autoIds : (reviewers.data ?? []).map((r) => r.id);
    if (ids.length === 0) return void message.warning(`没有可${label}的医生`);
    auto.mutate(
      { step, reviewerIds: ids, dateFrom, dateTo },
      {
        onSuccess: ({ assigned: counts }) => {
          const total = counts.reduce((sum, c) => sum + c.count, 0);
          void message.success(total ? `已自动分配 ${total} 个订单` : '没有未分配的订单');
        },
        onError: fail,
      },
    );
  };

  const onUnassign = () => {
    if (selected.length === 0) return void message.warning('请先勾选要取消分配的体检订单');
    unassign.mutate(
      { step, orderIds: selected },
      {
        onSuccess: ({ removed }) => {
          setSelected([]);
          void message.success(`已取消 ${removed} 个订单的分配`);
        },
        onError: fail,
      },
    );
  };

  const reviewerOptions = (reviewers.data ?? []).map((r) => ({
    value: r.id,
    label: `${r.user_name}（待审 ${r.assigned}）`,
  }));
  const columns: GenericColumn<ReviewWorklistRow>[] = [
    { title: '体检号', dataIndex: 'order_id', width: 170 },
    { title: '姓名', dataIndex: 'cust_name', width: 100 },
    { title: '性别', dataIndex: 'sex', width: 56, render: (v: string) => (v === '1' ? '男' : '女') },
    { title: '体检日期', dataIndex: 'exam_date', width: 106 },
    {
      title: '审核医生',
      dataIndex: 'reviewer_name',
      width: 110,
      render: (v: string | null) => (v ? <Tag color="processing">{v}</Tag> : <Tag>未分配</Tag>),
    },
  ];

  return (
    <Card size="small" title={`${label}分配`}>
      <Space wrap style={{ marginBottom: 8 }}>
        <DatePicker.RangePicker
          aria-label="体检日期"
          value={range}
          onChange={(v) => setRange(v && v[0] && v[1] ? [v[0], v[1]] : null)}
        />
        <Select
          aria-label="分配情况"
          style={{ width: 100 }}
          value={assigned}
          options={ASSIGNED_OPTIONS}
          onChange={setAssigned}
        />
        <Input.Search
          aria-label="体检号或姓名"
          placeholder="体检号/姓名"
          allowClear
          style={{ width: 200 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            firstPage();
          }}
        />
      </Space>
      <Space wrap style={{ marginBottom: 8 }}>
        <Select
          aria-label="审核医生"
          placeholder={`选择${label}医生`}
          style={{ width: 200 }}
          value={reviewerId}
          options={reviewerOptions}
          onChange={setReviewerId}
        />
        <Button type="primary" loading={assign.isPending} onClick={onAssign}>
          分配
        </Button>
        <Button loading={unassign.isPending} onClick={onUnassign}>
          取消分配
        </Button>
        <Select
          aria-label="自动分配医生"
          mode="multiple"
          placeholder="自动分配给（默认全部）"
          style={{ minWidth: 220 }}
          value={autoIds}
          options={reviewerOptions}
          onChange={setAutoIds}
        />
        <Button loading={auto.isPending} onClick={onAuto}>
          自动分配
        </Button>
        <Typography.Text type="secondary">已选 {selected.length} 个</Typography.Text>
      </Space>
      <GenericTable<ReviewWorklistRow>
        tableKey={`${step}_review_allot`}
        rowKey="order_id"
        size="small"
        virtual={false}
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        pagination={pagination(list.data?.total ?? 0)}
      />
    </Card>
  );
}
