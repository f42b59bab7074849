import { useState } from 'react';
import { App, Button, Card, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import {
  GROUP_REPORT_STATE_LABELS,
  GROUP_REPORT_STATES,
  type GroupReportRow,
  type GroupReportState,
  type RouteInput,
  type groupReportListRoute,
} from '@checkup/api-contract';
import {
  printGroupReport,
  useGroupReportChoices,
  useGroupReportMove,
  useGroupReports,
} from '../shared/group-report-api';
import { allowsMove, GROUP_REPORT_STATE_COLORS } from '../shared/group-report-state';
import { GroupReportForm } from './components/group-report-form';

type Filter = RouteInput<typeof groupReportListRoute> & { page: number; size: number };

const allows = allowsMove;

/**
 * 团检报告 (bi/group_report, breadth §4.3): the report definitions with 团体, 状态 and 样本名称 filters;
 * 新建, and per row the moves its state allows (修改, 生成, 提交, 撤回, 删除), 查看 and 打印PDF.
 */
export default function GroupReport() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<Filter>({ page: 1, size: 20 });
  const [editing, setEditing] = useState<GroupReportRow | 'new' | null>(null);
  const list = useGroupReports(filter);
  const choices = useGroupReportChoices(undefined);
  const generate = useGroupReportMove('generate');
  const submit = useGroupReportMove('submit');
  const withdraw = useGroupReportMove('withdraw');
  const remove = useGroupReportMove('remove');

  const run = (label: string, write: Promise<unknown>) =>
    write.then(() => void message.success(`${label}成功`)).catch((err: Error) => void message.error(err.message));

  const columns: ColumnsType<GroupReportRow> = [
    { title: '样本名称', dataIndex: 'sample_name' },
    { title: '团体', dataIndex: 'company_name' },
    { title: '订单', render: (_, r) => `${r.order_no} ${r.order_name}` },
    { title: '分中心', dataIndex: 'branch_name' },
    { title: '登记日期', render: (_, r) => `${r.date_from} 至 ${r.date_to}` },
    {
      title: '状态',
      render: (_, r) => <Tag color={GROUP_REPORT_STATE_COLORS[r.state]}>{GROUP_REPORT_STATE_LABELS[r.state]}</Tag>,
    },
    { title: '创建人', dataIndex: 'created_by_name' },
    {
      title: '操作',
      render: (_, r) => (
        <Space size={4} wrap>
          <Button size="small" type="link" onClick={() => void navigate(`/manager/bi/group_report_detail?id=${r.id}`)}>
            查看
          </Button>
          {allows(r, 'save') && (
            <Button size="small" type="link" onClick={() => setEditing(r)}>
              修改
            </Button>
          )}
          {allows(r, 'generate') && (
            <Button size="small" type="link" onClick={() => void run('生成', generate.mutateAsync({ id: r.id }))}>
              生成
            </Button>
          )}
          {allows(r, 'submit') && (
            <Button size="small" type="link" onClick={() => void run('提交', submit.mutateAsync({ id: r.id }))}>
              提交
            </Button>
          )}
          {allows(r, 'withdraw') && (
            <Button size="small" type="link" onClick={() => void run('撤回', withdraw.mutateAsync({ id: r.id }))}>
              撤回
            </Button>
          )}
          {r.generated_at && (
            <Button
              size="small"
              type="link"
              onClick={() =>
                void printGroupReport(r.id, `${r.company_name}-${r.sample_name}`).catch(
                  (err: Error) => void message.error(err.message),
                )
              }
            >
              打印PDF
            </Button>
          )}
          {allows(r, 'remove') && (
            <Popconfirm title="删除该团检报告？" onConfirm={() => run('删除', remove.mutateAsync({ id: r.id }))}>
              <Button size="small" type="link" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card size="small">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label="团体"
          placeholder="团体"
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 220 }}
          options={choices.data?.companies}
          onChange={(company_id?: number) => setFilter((f) => ({ ...f, company_id, page: 1 }))}
        />
        <Select
          aria-label="状态"
          placeholder="状态"
          allowClear
          style={{ width: 140 }}
          options={GROUP_REPORT_STATES.map((s) => ({ value: s, label: GROUP_REPORT_STATE_LABELS[s] }))}
          onChange={(state?: GroupReportState) => setFilter((f) => ({ ...f, state, page: 1 }))}
        />
        <Input.Search
          aria-label="样本名称"
          placeholder="样本名称"
          allowClear
          style={{ width: 200 }}
          onSearch={(key) => setFilter((f) => ({ ...f, key, page: 1 }))}
        />
        <Button type="primary" onClick={() => setEditing('new')}>
          新建
        </Button>
      </Space>
      <Table<GroupReportRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list}
        pagination={{
          current: filter.page,
          pageSize: filter.size,
          total: list.data?.total,
          onChange: (page, size) => setFilter((f) => ({ ...f, page, size })),
        }}
      />
      {editing && <GroupReportForm row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
