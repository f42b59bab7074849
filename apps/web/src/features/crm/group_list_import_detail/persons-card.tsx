import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Input, Progress, Select, Space, Table, Tag } from 'antd';
import {
  groupListPrepareRoute,
  groupPersonsRoute,
  type GroupListPrepareOutcome,
  type ListPersonRow,
} from '@checkup/api-contract';
import { api } from '../../../lib/api';
import { percentOf, pollTask, type TaskProgress } from './poll-task';

const SEX: Record<string, string> = { '1': '男', '2': '女' };
const MARITAL: Record<string, string> = { '0': '', '1': '已婚', '2': '未婚' };

/** 人员名单 with its filters, and 预登记 of the chosen people (or of everyone without a visit). */
export function PersonsCard(props: { orderId: number; closed: boolean; groups: { id: number; group_name: string }[] }) {
  const { orderId, closed, groups } = props;
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [filter, setFilter] = useState<{ group_id?: number; prepared?: '0' | '1'; key?: string }>({});
  const [page, setPage] = useState({ page: 1, size: 20 });
  const [chosen, setChosen] = useState<number[]>([]);
  const [progress, setProgress] = useState<TaskProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<GroupListPrepareOutcome | null>(null);
  const list = useQuery({
    queryKey: ['crm', 'group-list', 'persons', orderId, filter, page],
    queryFn: () => api.call(groupPersonsRoute, { id: orderId, ...filter, ...page }),
  });

  const prepare = async () => {
    setBusy(true);
    setOutcome(null);
    setProgress(null);
    try {
      const { ticket } = await api.call(groupListPrepareRoute, { id: orderId, person_ids: chosen });
      const done = await pollTask(ticket, setProgress);
      setOutcome(done.prepared);
      setChosen([]);
      void message.success(`预登记完成：${done.prepared?.prepared ?? 0}人`);
      void client.invalidateQueries({ queryKey: ['crm', 'group-list'] });
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      size="small"
      title="人员名单"
      style={{ marginTop: 16 }}
      extra={
        <Button
          type="primary"
          disabled={closed}
          loading={busy}
          onClick={() =>
            void modal.confirm({
              title: '预登记',
              content:
                chosen.length > 0 ? `为选中的${chosen.length}人生成体检号？` : '为所有未预登记的人员生成体检号？',
              onOk: () => void prepare(),
            })
          }
        >
          {chosen.length > 0 ? `预登记选中（${chosen.length}）` : '全部预登记'}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          aria-label="分组"
          placeholder="分组"
          style={{ width: 180 }}
          options={groups.map((g) => ({ value: g.id, label: g.group_name }))}
          onChange={(group_id?: number) => setFilter((f) => ({ ...f, group_id }))}
        />
        <Select
          allowClear
          aria-label="预登记状态"
          placeholder="预登记状态"
          style={{ width: 140 }}
          options={[
            { value: '1', label: '已预登记' },
            { value: '0', label: '未预登记' },
          ]}
          onChange={(prepared?: '0' | '1') => setFilter((f) => ({ ...f, prepared }))}
        />
        <Input.Search
          allowClear
          aria-label="搜索人员"
          placeholder="姓名或工号"
          style={{ width: 200 }}
          onSearch={(value) => setFilter((f) => ({ ...f, key: value.trim() || undefined }))}
        />
      </Space>
      {busy && progress && <Progress aria-label="预登记进度" percent={percentOf(100, progress)} status="active" />}
      {outcome && outcome.refused.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={`已预登记${outcome.prepared}人，${outcome.refused.length}人未预登记`}
          description={outcome.refused
            .slice(0, 20)
            .map((r) => `${r.name || `#${r.person_id}`}：${r.reason}`)
            .join('；')}
        />
      )}
      <Table<ListPersonRow>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        rowSelection={{
          selectedRowKeys: chosen,
          onChange: (keys) => setChosen(keys as number[]),
          getCheckboxProps: (r) => ({ disabled: r.order_id !== null }),
        }}
        pagination={{
          current: page.page,
          pageSize: page.size,
          total: list.data?.total ?? 0,
          onChange: (p, size) => setPage({ page: p, size }),
        }}
        locale={{ emptyText: '暂无人员，请导入名单' }}
        columns={[
          {
            title: '已生成',
            dataIndex: 'order_id',
            width: 80,
            render: (v: string | null) => (v ? <Tag color="green">是</Tag> : <Tag>否</Tag>),
          },
          { title: '体检号', dataIndex: 'order_id', width: 150 },
          { title: '姓名', dataIndex: 'cust_name', width: 100 },
          { title: '身份证', dataIndex: 'id_card', width: 180 },
          { title: '性别', dataIndex: 'sex', width: 60, render: (s: string) => SEX[s] ?? s },
          { title: '出生日期', dataIndex: 'birthday', width: 110 },
          { title: '婚姻', dataIndex: 'marital', width: 70, render: (m: string) => MARITAL[m] ?? m },
          { title: '手机', dataIndex: 'phone', width: 120 },
          { title: '分组', dataIndex: 'group_name', width: 120 },
          { title: '部门', dataIndex: 'dept_name', width: 100 },
          { title: '工号', dataIndex: 'employee_no', width: 100 },
          { title: '工种', dataIndex: 'job_name', width: 100 },
          {
            title: '禁检',
            dataIndex: 'paused',
            width: 60,
            render: (p: boolean) => (p ? <Tag color="red">是</Tag> : ''),
          },
        ]}
      />
    </Card>
  );
}
