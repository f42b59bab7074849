import { Typography } from 'antd';
import dayjs from 'dayjs';
import {
  OPERATION_LOG_ACTIONS,
  bizOperationLogResource,
  sysOperationLogResource,
  type OperationLogCategory,
  type OperationLogRow,
} from '@checkup/api-contract';
import type { GenericColumn } from '@checkup/ui';
import { ResourceList } from '../../../../lib/resource/resource-list';
import { detailText } from './detail-text';

const operator = (r: OperationLogRow) =>
  r.user_account ? (r.user_name ? `${r.user_name}（${r.user_account}）` : r.user_account) : '';
const timeOf = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
const RESOURCES = { sys: sysOperationLogResource, biz: bizOperationLogResource };

/**
 * One operation log of 系统设置 (系统操作日志 or 业务操作日志): the audit rows of its actions, newest
 * first, found by action, day, and account, name or order id; who did what to which record, and from where.
 */
export function OperationLogScreen({ category, title }: { category: OperationLogCategory; title: string }) {
  const actions = OPERATION_LOG_ACTIONS[category];
  const actionName = (code: string) => actions[code] ?? code;
  const columns: GenericColumn<OperationLogRow>[] = [
    { title: '时间', dataIndex: 'created_at', width: 165, render: timeOf },
    { title: '操作', dataIndex: 'action', width: 150, render: actionName },
    { title: '操作人', key: 'operator', width: 160, render: (_: unknown, r) => operator(r) },
    { title: '对象', dataIndex: 'target', width: 170, render: (v: string | null) => v ?? '' },
    {
      title: '详情',
      key: 'detail',
      width: 320,
      render: (_: unknown, r) => (
        <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 300 }}>
          {detailText(r.action, r.detail)}
        </Typography.Text>
      ),
    },
    { title: 'IP', dataIndex: 'ip', width: 120, render: (v: string | null) => v ?? '' },
  ];
  return (
    <ResourceList
      resource={RESOURCES[category]}
      title={title}
      columns={columns}
      filters={[
        {
          name: 'action',
          kind: 'select',
          label: '操作类型',
          options: Object.entries(actions).map(([value, label]) => ({ value, label })),
        },
        { kind: 'days', label: '日期' },
        {
          name: 'key',
          kind: 'search',
          label: '账号、姓名或体检号',
          placeholder: '账号、姓名或体检号，回车',
          width: 270,
        },
      ]}
      detail={{
        title: '操作详情',
        items: (r) => [
          { label: '时间', value: timeOf(r.created_at) },
          { label: '操作', value: actionName(r.action) },
          { label: '操作人', value: operator(r) },
          { label: '对象', value: r.target ?? '' },
          { label: 'IP', value: r.ip ?? '' },
          { label: '详情', value: detailText(r.action, r.detail) },
        ],
        blocks: (r) => (r.detail ? [{ title: '原始记录', text: r.detail, copy: r.detail }] : []),
      }}
    />
  );
}
