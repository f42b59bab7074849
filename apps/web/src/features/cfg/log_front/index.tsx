import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import {
  FRONT_LOG_TYPE_LABELS,
  FRONT_LOG_TYPES,
  frontLogResource,
  type FrontLogRow,
  type FrontLogType,
} from '@checkup/api-contract';
import type { GenericColumn } from '@checkup/ui';
import { ResourceList } from '../../../lib/resource/resource-list';
import { viewOf } from './log-content-view';

const TYPE_COLORS = { error: 'error', warn: 'warning', info: 'processing' } as const;
const typeTag = (type: FrontLogType) => <Tag color={TYPE_COLORS[type]}>{FRONT_LOG_TYPE_LABELS[type]}</Tag>;
const reporterOf = (row: FrontLogRow) =>
  row.user_account ? `${row.user_name ?? ''}（${row.user_account}）` : '未登录';
const timeOf = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
const clipped = (text: string, width: number) => (
  <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: width }}>
    {text}
  </Typography.Text>
);

const columns: GenericColumn<FrontLogRow>[] = [
  { title: '时间', dataIndex: 'created_at', width: 165, render: timeOf },
  { title: '类型', dataIndex: 'log_type', width: 60, render: typeTag },
  {
    title: '错误信息',
    key: 'message',
    width: 260,
    render: (_: unknown, r) => clipped(viewOf(r.log_content).message, 240),
  },
  {
    title: '页面',
    key: 'where',
    width: 180,
    render: (_: unknown, r) => clipped(viewOf(r.log_content).where ?? '', 160),
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
  return (
    <ResourceList
      resource={frontLogResource}
      title="前端日志"
      columns={columns}
      filters={[
        {
          name: 'log_type',
          kind: 'select',
          label: '日志类型',
          options: FRONT_LOG_TYPES.map((value) => ({ value, label: FRONT_LOG_TYPE_LABELS[value] })),
        },
        { kind: 'days', label: '日期' },
        { name: 'log_source', kind: 'search', label: '来源', placeholder: '来源，回车', width: 140 },
        { name: 'key', kind: 'search', label: '内容、账号或姓名', placeholder: '内容、账号或姓名，回车' },
      ]}
      detail={{
        title: '日志详情',
        items: (row) => {
          const view = viewOf(row.log_content);
          return [
            { label: '时间', value: timeOf(row.created_at) },
            { label: '类型', value: typeTag(row.log_type) },
            { label: '来源', value: row.log_source },
            { label: '用户', value: reporterOf(row) },
            { label: 'IP', value: row.ip ?? '' },
            { label: '页面', value: view.where ?? '' },
            { label: '版本', value: view.version ?? '' },
            { label: '浏览器', value: view.userAgent ?? '' },
            { label: '错误信息', value: `${view.errorName ? `${view.errorName}：` : ''}${view.message}` },
          ];
        },
        blocks: (row) => {
          const view = viewOf(row.log_content);
          return [
            ...(view.stacktrace ? [{ title: '调用栈', text: view.stacktrace }] : []),
            { title: '日志内容', text: view.pretty, copy: row.log_content },
          ];
        },
      }}
    />
  );
}
