import { useState } from 'react';
import { App, Button, InputNumber, Popconfirm, Space, Tag, Typography } from 'antd';
import {
  INTERFACE_ERROR_STATE_LABELS,
  INTERFACE_ERROR_STATES,
  INTERFACE_SYSTEM_LABELS,
  INTERFACE_SYSTEMS,
  interfaceErrorResource,
  type InterfaceErrorRow,
} from '@checkup/api-contract';
import type { GenericColumn } from '@checkup/ui';
import { ResourceList } from '../../../lib/resource/resource-list';
import { useInterfaceErrorActions } from './api/interface-error-actions';

const STATE_COLORS = { pending: 'orange', retried: 'green', abandoned: 'default' } as const;
const optionsOf = <K extends string>(keys: readonly K[], labels: Record<K, string>) =>
  keys.map((value) => ({ value, label: labels[value] }));
const clipped = (text: string | null, width: number) => (
  <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: width }}>
    {text ?? ''}
  </Typography.Text>
);

const columns: GenericColumn<InterfaceErrorRow>[] = [
  { title: '时间', dataIndex: 'occurred_at', width: 165 },
  {
    title: '系统',
    dataIndex: 'system',
    width: 110,
    render: (s: InterfaceErrorRow['system']) => INTERFACE_SYSTEM_LABELS[s],
  },
  { title: '调用', dataIndex: 'call_name', width: 150 },
  { title: '请求', dataIndex: 'request_text', width: 220, render: (t: string | null) => clipped(t, 200) },
  { title: '应答', dataIndex: 'response_text', width: 200, render: (t: string | null) => clipped(t, 180) },
  { title: '重试次数', dataIndex: 'retry_count', width: 90, align: 'right' },
  {
    title: '状态',
    dataIndex: 'state',
    width: 100,
    render: (s: InterfaceErrorRow['state']) => <Tag color={STATE_COLORS[s]}>{INTERFACE_ERROR_STATE_LABELS[s]}</Tag>,
  },
];

/**
 * 接口错误日志 (cfg/interface_error_log, breadth §7 and §6.11): the server's calls to other systems
 * that failed (短信, 电子邮件 …), request masked. 重试 queues a background send once more; one sent
 * from its own screen (报告发送) is sent again there. 清理 removes old rows, keeping those 待重试.
 */
export default function InterfaceErrorLog() {
  const { message } = App.useApp();
  const actions = useInterfaceErrorActions();
  const [days, setDays] = useState(90);
  const fail = (error: Error) => void message.error(error.message);

  const rowActions = (row: InterfaceErrorRow) =>
    row.state === 'pending' && (
      <>
        {row.retryable && (
          <Popconfirm
            title="确定重试该调用？"
            okText="重试"
            cancelText="取消"
            onConfirm={() =>
              actions.retry.mutate(row.id, { onSuccess: (r) => void message.success(r.message), onError: fail })
            }
          >
            <Button type="link" size="small">
              重试
            </Button>
          </Popconfirm>
        )}
        <Popconfirm
          title="确定放弃重试该调用？"
          okText="放弃"
          cancelText="取消"
          onConfirm={() =>
            actions.abandon.mutate(row.id, { onSuccess: () => void message.success('已放弃'), onError: fail })
          }
        >
          <Button type="link" size="small" danger>
            放弃
          </Button>
        </Popconfirm>
      </>
    );

  return (
    <ResourceList
      resource={interfaceErrorResource}
      title="接口错误日志"
      columns={columns}
      filters={[
        { name: 'key', kind: 'search', label: '搜索调用', placeholder: '调用名称或应答' },
        {
          name: 'system',
          kind: 'select',
          label: '系统',
          options: optionsOf(INTERFACE_SYSTEMS, INTERFACE_SYSTEM_LABELS),
        },
        {
          name: 'state',
          kind: 'select',
          label: '状态',
          options: optionsOf(INTERFACE_ERROR_STATES, INTERFACE_ERROR_STATE_LABELS),
        },
        { kind: 'days', label: '时间' },
      ]}
      rowActions={rowActions}
      detail={{
        title: '接口错误详情',
        items: (r) => [
          { label: '时间', value: r.occurred_at },
          { label: '最近失败', value: r.last_failed_at },
          { label: '系统', value: INTERFACE_SYSTEM_LABELS[r.system] },
          { label: '调用', value: r.call_name },
          { label: '重试次数', value: String(r.retry_count) },
          { label: '状态', value: INTERFACE_ERROR_STATE_LABELS[r.state] },
        ],
        blocks: (r) => [
          { title: '请求', text: r.request_text ?? '' },
          { title: '应答', text: r.response_text ?? '' },
        ],
      }}
      extra={
        <Space>
          <span>保留</span>
          <InputNumber aria-label="保留天数" min={1} max={3650} value={days} onChange={(v) => setDays(v ?? 90)} />
          <span>天</span>
          <Popconfirm
            title={`确定清理${days}天以前的接口错误日志？待重试的记录保留。`}
            okText="清理"
            cancelText="取消"
            onConfirm={() =>
              actions.clean.mutate(days, {
                onSuccess: (r) => void message.success(`已清理${r.removed}条`),
                onError: fail,
              })
            }
          >
            <Button danger>清理</Button>
          </Popconfirm>
        </Space>
      }
    />
  );
}
