import { useState } from 'react';
import { Button, Card, Segmented, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EXEC_LISTED_STATES, unionExecLabel, type DelayRow } from '@checkup/api-contract';
import { DateRangeFilter, GenericTable, SearchBox, usePaging, type GenericColumn } from '@checkup/ui';
import { orderDetailPath } from '../shared/orders/order-paths';
import { queueOverviewQueryOptions } from '../shared/queue/api/get-queue-overview';
import { ExecActionDialog, type ExecTarget } from '../shared/item-exec/exec-action-dialog';
import { ExecActionButtons, execNote } from '../shared/item-exec/exec-lines-table';
import { ExecStateTag } from '../shared/item-exec/exec-state-tag';
import { SignatureViewButton } from '../shared/item-exec/signature-view';
import { useDelayLines } from './api/get-delay-lines';

type StateChoice = (typeof EXEC_LISTED_STATES)[number] | '';

/**
 * 延期/弃检管理 (exam_mg/delay_mg, breadth §9): the deferred, waived, refused and make-up lines by day
 * (the deferred or make-up day, else the exam day) and department, with the same actions as 登记详情.
 */
export default function DelayMg() {
  const [state, setState] = useState<StateChoice>('');
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [deptId, setDeptId] = useState<number | undefined>();
  const [key, setKey] = useState('');
  const { page, firstPage, pagination } = usePaging();
  const [target, setTarget] = useState<ExecTarget | null>(null);
  const depts = useQuery(queueOverviewQueryOptions);
  const list = useDelayLines({
    state,
    date_from: range?.from,
    date_to: range?.to,
    dept_id: deptId,
    key: key || undefined,
    ...page,
  });

  const columns: GenericColumn<DelayRow>[] = [
    { title: '日期', dataIndex: 'day', width: 100 },
    {
      title: '体检号',
      dataIndex: 'order_id',
      width: 150,
      render: (id: string) => <Link to={orderDetailPath(id)}>{id}</Link>,
    },
    { title: '姓名', dataIndex: 'cust_name', width: 80 },
    { title: '性别', dataIndex: 'sex', width: 50, render: (v: string) => (v === '1' ? '男' : '女') },
    { title: '体检日期', dataIndex: 'exam_date', width: 100 },
    { title: '科室', dataIndex: 'dept_name', width: 100 },
    { title: '组合项目', dataIndex: 'union_name', width: 140 },
    { title: '状态', dataIndex: 'state', width: 70, render: (v: string) => <ExecStateTag state={v} /> },
    { title: '说明', key: 'note', width: 280, render: (_: unknown, r) => execNote(r) },
    {
      title: '签名',
      dataIndex: 'signature_file_id',
      width: 90,
      render: (id: number | null) => (id ? <SignatureViewButton fileId={id} /> : ''),
    },
    {
      title: '操作',
      key: 'action',
      width: 200,
      fixed: 'right',
      render: (_: unknown, r) => (
        <ExecActionButtons
          line={r}
          onAction={(action) => setTarget({ orderId: r.order_id, custName: r.cust_name, line: r, action })}
        />
      ),
    },
  ];

  return (
    <Card size="small" title="延期/弃检管理">
      <Space wrap style={{ marginBottom: 8 }}>
        <Segmented<StateChoice>
          aria-label="状态"
          value={state}
          onChange={(v) => {
            setState(v);
            firstPage();
          }}
          options={[
            { value: '', label: '全部' },
            ...EXEC_LISTED_STATES.map((s) => ({ value: s, label: unionExecLabel(s) })),
          ]}
        />
        <DateRangeFilter
          label="日期"
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
          label="体检号或姓名"
          placeholder="体检号或姓名，回车"
          width={220}
          onSearch={(words) => {
            setKey(words);
            firstPage();
          }}
        />
        <Button onClick={() => void list.refetch()}>刷新</Button>
      </Space>
      <GenericTable<DelayRow>
        tableKey="delay_mg"
        rowKey={(r) => `${r.order_id}-${r.union_id}`}
        size="small"
        virtual={false}
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1500 }}
        pagination={pagination(list.data?.total ?? 0)}
      />
      <ExecActionDialog target={target} onClose={() => setTarget(null)} />
    </Card>
  );
}
