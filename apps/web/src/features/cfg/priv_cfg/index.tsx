import { useState } from 'react';
import { App, Button, Input, Popconfirm, Select, Tag } from 'antd';
import {
  HARM_CATEGORIES,
  HARM_CATEGORY_LABELS,
  accountResource,
  mayCall,
  resetPasswordRoute,
  type ResourceRow,
} from '@checkup/api-contract';
import type { SchemaField } from '@checkup/ui';
import { useUserInfo } from '../../session/api/get-user-info';
import { PASSWORD_POLICY_HINT } from '../../../lib/password';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { sealPassword, useAccountActions, useAccountOptions } from './api/account-calls';
import { ResetPasswordDialog } from './components/reset-password-dialog';
import { SignatureInput } from './components/signature-input';

type Account = ResourceRow<typeof accountResource>;

const HARM_OPTIONS = HARM_CATEGORIES.map((value) => ({ value, label: HARM_CATEGORY_LABELS[value] }));

const lockedText = (until: string) =>
  new Date(until).toLocaleString('zh-CN', {
    timeZone: 'Asia/Shanghai',
    hour12: false,
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * 账号管理 (cfg/priv_cfg, issue 21): accounts with their roles, departments, rights and signature;
 * 重置密码 (its own permission) and 解锁 of an account locked after wrong passwords, per row.
 */
export default function PrivCfg() {
  const { message } = App.useApp();
  const roleMenu = useUserInfo().data?.role_menu ?? [];
  const optionsQuery = useAccountOptions();
  const options = optionsQuery.data;
  // A role or department made in another tab since: the choices are read again when a list opens.
  const refreshOptions = (open: boolean) => {
    if (open) void optionsQuery.refetch();
  };
  const { unlock } = useAccountActions();
  const [resetting, setResetting] = useState<Account | null>(null);
  const roleOptions = (options?.roles ?? []).map((r) => ({
    value: r.id,
    label: r.enabled ? r.role_name : `${r.role_name}（已停用）`,
  }));
  const deptOptions = (options?.depts ?? []).map((d) => ({
    value: d.id,
    label: d.enabled ? d.dept_name : `${d.dept_name}（已停用）`,
  }));

  const fields = (editing: Account | 'new'): SchemaField[] => [
    { name: 'user_account', label: '账号', readOnly: editing !== 'new', placeholder: '字母、数字、点、-或_' },
    { name: 'user_name', label: '姓名' },
    ...(editing === 'new'
      ? [
          {
            name: 'password',
            label: '初始密码',
            input: <Input.Password autoComplete="new-password" aria-label="初始密码" />,
            extra: `${PASSWORD_POLICY_HINT}；首次登录须修改`,
          },
        ]
      : []),
    { name: 'phone', label: '电话' },
    {
      name: 'role_ids',
      label: '角色',
      input: (
        <Select
          mode="multiple"
          options={roleOptions}
          placeholder="请选择角色"
          aria-label="角色"
          onOpenChange={refreshOptions}
        />
      ),
    },
    { name: 'all_depts', label: '全部科室', kind: 'switch', extra: '可录入所有科室的结果' },
    {
      name: 'dept_ids',
      label: '科室',
      extra: '可录入结果的科室（未开“全部科室”时）',
      input: (
        <Select
          mode="multiple"
          options={deptOptions}
          placeholder="请选择科室"
          aria-label="科室"
          allowClear
          onOpenChange={refreshOptions}
        />
      ),
    },
    { name: 'special_flag', label: '保密人员权限', kind: 'switch', extra: '可查看保密人员的信息' },
    {
      name: 'discount_floor',
      label: '折扣下限（%）',
      kind: 'number',
      extra: '可给的最低折扣，90即九折，100为不可打折',
    },
    { name: 'is_leader', label: '领导', kind: 'switch', extra: '可当场确认超出他人权限的操作（如低于折扣下限）' },
    { name: 'occ_conclude', label: '可下职业结论', kind: 'switch' },
    {
      name: 'harm_classes',
      label: '危害因素类别',
      extra: '可下职业结论的危害因素类别',
      input: (
        <Select mode="multiple" options={HARM_OPTIONS} placeholder="请选择类别" aria-label="危害因素类别" allowClear />
      ),
    },
    {
      name: 'signature_file_id',
      label: '签名图片',
      input: <SignatureInput />,
      extra: '打印在报告上，JPG或PNG，不超过1MB',
    },
    { name: 'remark', label: '备注' },
  ];

  return (
    <>
      <ResourceScreen
        resource={accountResource}
        title="账号管理"
        actionsWidth={250}
        filters={[
          { name: 'key', kind: 'search', label: '搜索账号', placeholder: '账号或姓名' },
          {
            name: 'role_id',
            kind: 'select',
            label: '角色',
            options: roleOptions.map((o) => ({ value: String(o.value), label: o.label })),
          },
          {
            name: 'dept_id',
            kind: 'select',
            label: '科室',
            options: deptOptions.map((o) => ({ value: String(o.value), label: o.label })),
          },
          { name: 'locked', kind: 'select', label: '锁定', options: [{ value: '1', label: '已锁定' }] },
        ]}
        columns={[
          { title: '账号', dataIndex: 'user_account', width: 120 },
          { title: '姓名', dataIndex: 'user_name', width: 100 },
          { title: '角色', dataIndex: 'role_names', width: 180 },
          {
            title: '科室',
            dataIndex: 'dept_names',
            width: 200,
            render: (names: string, row: Account) => (row.all_depts ? '全部科室' : names || '—'),
          },
          {
            title: '锁定',
            dataIndex: 'locked_until',
            width: 150,
            render: (until: string | null) =>
              until ? <Tag color="red">已锁定至{lockedText(until)}</Tag> : <span>—</span>,
          },
        ]}
        fields={fields}
        blank={{ discount_floor: 100, role_ids: [], dept_ids: [], harm_classes: [] }}
        toSave={async (values) =>
          typeof values.password === 'string' && values.password
            ? { ...values, password: await sealPassword(values.password) }
            : values
        }
        rowActions={(row) => (
          <>
            {row.locked_until && (
              <Popconfirm
                title={`确定解锁${row.user_name}的账号？`}
                okText="解锁"
                cancelText="取消"
                onConfirm={() =>
                  unlock.mutate(row.id, {
                    onSuccess: () => void message.success('账号已解锁'),
                    onError: (error) => void message.error(error.message),
                  })
                }
              >
                <Button type="link" size="small">
                  解锁
                </Button>
              </Popconfirm>
            )}
            {mayCall(resetPasswordRoute, roleMenu) && (
              <Button type="link" size="small" onClick={() => setResetting(row)}>
                重置密码
              </Button>
            )}
          </>
        )}
      />
      <ResetPasswordDialog account={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
