import { App, Button, Popconfirm, Tag } from 'antd';
import dayjs from 'dayjs';
import {
  SERVER_CALL_OUTCOME_LABELS,
  clearServerOpLogRoute,
  mayCall,
  serverOpLogResource,
  type ServerOpLogRow,
} from '@checkup/api-contract';
import type { GenericColumn } from '@checkup/ui';
import { ResourceList } from '../../../../lib/resource/resource-list';
import { useClearOpLog } from '../api/clear-op-log';

const timeOf = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
const operator = (r: ServerOpLogRow) =>
  r.user_account ? (r.user_name ? `${r.user_name}（${r.user_account}）` : r.user_account) : '';
const outcome = (r: ServerOpLogRow) =>
  r.status === 200 ? <Tag color="success">成功</Tag> : <Tag color="error">失败 {r.status}</Tag>;

const columns: GenericColumn<ServerOpLogRow>[] = [
  { title: '时间', dataIndex: 'created_at', width: 165, render: timeOf },
  { title: '模块', dataIndex: 'module', width: 130 },
  { title: '操作', dataIndex: 'summary', width: 200 },
  { title: '操作人', key: 'operator', width: 150, render: (_: unknown, r) => operator(r) },
  { title: '状态', key: 'status', width: 90, render: (_: unknown, r) => outcome(r) },
  { title: '耗时(毫秒)', dataIndex: 'duration_ms', width: 100 },
  { title: '错误信息', dataIndex: 'error', width: 240, render: (v: string | null) => v ?? '' },
];

/** 操作日志: the server's calls that wrote or failed; 清空 for whom the role grants it. */
export function OpLogTab({ roleMenu }: { roleMenu: readonly string[] }) {
  const { message } = App.useApp();
  const clear = useClearOpLog();
  const extra = mayCall(clearServerOpLogRoute, roleMenu) && (
    <Popconfirm
      title="确定清空全部操作日志？此操作不可恢复"
      okText="清空"
      cancelText="取消"
      onConfirm={() =>
        clear.mutate(undefined, {
          onSuccess: ({ removed }) => void message.success(`已清空${removed}条操作日志`),
          onError: (error) => void message.error(error.message),
        })
      }
    >
      <Button danger loading={clear.isPending}>
        清空
      </Button>
    </Popconfirm>
  );
  return (
    <ResourceList
      resource={serverOpLogResource}
      title="操作日志"
      columns={columns}
      extra={extra}
      filters={[
        { name: 'module', kind: 'search', label: '模块', placeholder: '模块，回车', width: 160 },
        { name: 'key', kind: 'search', label: '操作人', placeholder: '账号或姓名，回车', width: 180 },
        {
          name: 'outcome',
          kind: 'select',
          label: '状态',
          options: Object.entries(SERVER_CALL_OUTCOME_LABELS).map(([value, label]) => ({ value, label })),
        },
        { kind: 'days', label: '日期' },
      ]}
      detail={{
        title: '操作详情',
        items: (r) => [
          { label: '时间', value: timeOf(r.created_at) },
          { label: '模块', value: r.module },
          { label: '操作', value: r.summary },
          { label: '请求方式', value: r.method },
          { label: '请求地址', value: r.url },
          { label: '操作人', value: operator(r) },
          { label: 'IP', value: r.ip ?? '' },
          { label: '状态', value: r.status === 200 ? '成功' : `失败（${r.status}）` },
          { label: '耗时', value: `${r.duration_ms} 毫秒` },
          { label: '错误信息', value: r.error ?? '' },
        ],
      }}
    />
  );
}
