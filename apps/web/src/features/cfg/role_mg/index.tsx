import { Button, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { ROLE_DATA_SCOPE_KEYS, ROLE_DATA_SCOPES, roleResource, type RoleDataScope } from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { roleDetailPath } from '../shared/role/paths';

const scopeOptions = ROLE_DATA_SCOPE_KEYS.map((value) => ({ value, label: ROLE_DATA_SCOPES[value] }));

/**
 * 角色管理 (cfg/role_mg, breadth §7): roles with their 权限字符, order and 数据权限; 权限与账号 opens the
 * role's menu tree and the accounts holding it (角色详情).
 */
export default function RoleMg() {
  const navigate = useNavigate();
  return (
    <ResourceScreen
      resource={roleResource}
      title="角色管理"
      filters={[{ name: 'key', kind: 'search', label: '搜索角色', placeholder: '角色名称或权限字符' }]}
      columns={[
        { title: '角色名称', dataIndex: 'role_name', width: 160 },
        { title: '权限字符', dataIndex: 'role_key', width: 140 },
        { title: '角色顺序', dataIndex: 'sort', width: 90, align: 'right' },
        {
          title: '数据权限',
          dataIndex: 'data_scope',
          width: 120,
          render: (scope: RoleDataScope) => ROLE_DATA_SCOPES[scope],
        },
        {
          title: '菜单权限',
          dataIndex: 'all_menus',
          width: 100,
          render: (all: boolean) => (all ? <Tag color="gold">全部权限</Tag> : '按菜单'),
        },
        { title: '账号数', dataIndex: 'holder_count', width: 80, align: 'right' },
        { title: '备注', dataIndex: 'remark', width: 200, ellipsis: true },
      ]}
      fields={[
        { name: 'role_name', label: '角色名称', placeholder: '例如 登记员' },
        { name: 'role_key', label: '权限字符', placeholder: '例如 registrar', extra: '字母、数字和_，不能重复' },
        { name: 'sort', label: '角色顺序', kind: 'number' },
        { name: 'data_scope', label: '数据权限', kind: 'select', options: scopeOptions },
        { name: 'remark', label: '备注', kind: 'textarea' },
      ]}
      blank={{ sort: 0, data_scope: 'all' }}
      rowActions={(row) => (
        <Button type="link" size="small" onClick={() => void navigate(roleDetailPath(row.id))}>
          权限与账号
        </Button>
      )}
    />
  );
}
