import { App, Button, Popconfirm, Tag } from 'antd';
import dayjs from 'dayjs';
import {
  LOGIN_LOG_ACTIONS,
  loginLogResource,
  mayCall,
  unlockAccountRoute,
  type LoginLogRow,
} from '@checkup/api-contract';
import type { GenericColumn } from '@checkup/ui';
import { ResourceList } from '../../../../lib/resource/resource-list';
import { useUnlockAccount } from '../api/unlock-account';

const timeOf = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
const resultOf = (action: string) => LOGIN_LOG_ACTIONS[action as keyof typeof LOGIN_LOG_ACTIONS] ?? action;

const columns: GenericColumn<LoginLogRow>[] = [
  { title: '时间', dataIndex: 'created_at', width: 165, render: timeOf },
  { title: '账号', dataIndex: 'user_account', width: 120, render: (v: string | null) => v ?? '' },
  { title: '姓名', dataIndex: 'user_name', width: 100, render: (v: string | null) => v ?? '' },
  { title: 'IP地址', dataIndex: 'ip', width: 130, render: (v: string | null) => v ?? '' },
  { title: '浏览器', dataIndex: 'browser', width: 240, render: (v: string | null) => v ?? '未知' },
  {
    title: '结果',
    key: 'result',
    width: 120,
    render: (_: unknown, r) => <Tag color={r.action === 'login' ? 'success' : 'error'}>{resultOf(r.action)}</Tag>,
  },
];

/** 登录日志: sign-ins and refused ones; 解锁 of an account locked now, where the role may. */
export function LoginLogTab({ roleMenu }: { roleMenu: readonly string[] }) {
  const { message } = App.useApp();
  const unlock = useUnlockAccount();
  const mayUnlock = mayCall(unlockAccountRoute, roleMenu);
  return (
    <ResourceList
      resource={loginLogResource}
      title="登录日志"
      columns={columns}
      filters={[
        { name: 'key', kind: 'search', label: '账号', placeholder: '账号或姓名，回车', width: 180 },
        {
          name: 'action',
          kind: 'select',
          label: '结果',
          options: Object.entries(LOGIN_LOG_ACTIONS).map(([value, label]) => ({ value, label })),
        },
        { kind: 'days', label: '日期' },
      ]}
      rowActions={(r) =>
        mayUnlock &&
        r.locked &&
        r.user_id !== null && (
          <Popconfirm
            title={`确定解锁账号 ${r.user_account ?? ''}？`}
            okText="解锁"
            cancelText="取消"
            onConfirm={() =>
              unlock.mutate(r.user_id!, {
                onSuccess: () => void message.success('账号已解锁'),
                onError: (error) => void message.error(error.message),
              })
            }
          >
            <Button type="link" size="small">
              解锁
            </Button>
          </Popconfirm>
        )
      }
    />
  );
}
