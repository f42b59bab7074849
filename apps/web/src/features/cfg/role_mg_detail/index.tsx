import { Alert, Card, Descriptions, Space, Spin, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { ROLE_DATA_SCOPES, roleResource, type ResourceRow } from '@checkup/api-contract';
import { useResourceList } from '../../../lib/resource/resource-api';
import { ROLE_LIST_PATH } from '../shared/role/paths';
import { useRoleMenu } from './api/role-menu';
import { HoldersCard } from './components/holders-card';
import { MenuTreeCard } from './components/menu-tree-card';

type Role = ResourceRow<typeof roleResource>;

/**
 * 角色详情 (cfg/role_mg_detail?id=…): what a role opens, as the route table's tree with its button
 * permissions or 全部权限, and the accounts holding it. Changes count at the holders' next call.
 */
export default function RoleMgDetail() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const head = useResourceList(roleResource, { ids: String(id), page: 1, size: 1 }, valid);
  const menu = useRoleMenu(valid ? id : 0);

  if (!valid) return <Alert type="warning" showIcon title="请从角色管理中选择角色" />;
  if (head.isPending || menu.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  const role = head.data?.list[0] as unknown as Role | undefined;
  if (!role || !menu.data)
    return (
      <Alert
        type="warning"
        showIcon
        title={menu.error?.message ?? '该角色不存在或已被删除'}
        action={<Link to={ROLE_LIST_PATH}>返回角色管理</Link>}
      />
    );

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small" title={`角色：${role.role_name}`} extra={<Link to={ROLE_LIST_PATH}>返回角色管理</Link>}>
        <Descriptions size="small" column={4}>
          <Descriptions.Item label="权限字符">{role.role_key}</Descriptions.Item>
          <Descriptions.Item label="数据权限">{ROLE_DATA_SCOPES[role.data_scope]}</Descriptions.Item>
          <Descriptions.Item label="账号数">{role.holder_count}</Descriptions.Item>
          <Descriptions.Item label="状态">{role.enabled ? '启用' : <Tag>停用</Tag>}</Descriptions.Item>
        </Descriptions>
      </Card>
      {/* Keyed by version: a save (or a change by someone else) starts the tree from what is stored. */}
      <MenuTreeCard key={menu.data.version} role={menu.data} />
      <HoldersCard roleId={role.id} />
    </Space>
  );
}
