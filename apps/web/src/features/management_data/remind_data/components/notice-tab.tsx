import { Select } from 'antd';
import dayjs from 'dayjs';
import { noticeResource, type AccountNoticeRow } from '@checkup/api-contract';
import type { GenericColumn } from '@checkup/ui';
import { ResourceScreen } from '../../../../lib/resource/resource-screen';
import { useNoticeRecipients } from '../api/notice-recipients';

const timeOf = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** 公告: written to roles or accounts (none chosen: everyone) until a day; 停用 withdraws one. */
export function NoticeTab() {
  const { roles, users } = useNoticeRecipients();
  const names = (ids: number[], options: { value: number; label: string }[]) =>
    ids.map((id) => options.find((o) => o.value === id)?.label ?? `#${id}`).join('、');
  const recipients = (r: AccountNoticeRow) =>
    r.role_ids.length === 0 && r.user_ids.length === 0
      ? '全部账号'
      : [names(r.role_ids, roles), names(r.user_ids, users)].filter(Boolean).join('；');
  const columns: GenericColumn<AccountNoticeRow>[] = [
    { title: '标题', dataIndex: 'title', width: 180 },
    { title: '内容', dataIndex: 'content', width: 300, ellipsis: true },
    { title: '接收人', key: 'to', width: 220, render: (_: unknown, r) => recipients(r) },
    { title: '有效期至', dataIndex: 'valid_until', width: 110, render: (v: string | null) => v ?? '长期' },
    { title: '发布时间', dataIndex: 'created_at', width: 150, render: timeOf },
  ];
  return (
    <ResourceScreen
      resource={noticeResource}
      title="公告"
      columns={columns}
      filters={[{ name: 'key', kind: 'search', label: '标题或内容', placeholder: '标题或内容，回车' }]}
      fields={[
        { name: 'title', label: '标题' },
        { name: 'content', label: '内容', kind: 'textarea' },
        {
          name: 'role_ids',
          label: '接收角色',
          input: <Select mode="multiple" allowClear options={roles} placeholder="不选角色和账号即发给全部账号" />,
        },
        {
          name: 'user_ids',
          label: '接收账号',
          input: <Select mode="multiple" allowClear options={users} optionFilterProp="label" />,
        },
        { name: 'valid_until', label: '有效期至', placeholder: '年-月-日，不填为长期' },
      ]}
      toForm={(r) => ({ ...r, valid_until: r.valid_until ?? '' })}
      blank={{ role_ids: [], user_ids: [] }}
    />
  );
}
