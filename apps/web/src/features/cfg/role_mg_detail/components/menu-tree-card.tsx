import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Space, Switch, Tree, Typography, type TreeDataNode } from 'antd';
import { permissionTree, ROLE_MENU_ALL, type MenuTreeNode } from '@checkup/api-contract';
import { useSaveRoleMenu } from '../api/role-menu';
import { menuChecks, savedKeys, toggleMenuKey } from '../menu-checks';

const TREE = permissionTree();
const byKey = new Map<string, MenuTreeNode>();
const index = (nodes: readonly MenuTreeNode[]) =>
  nodes.forEach((n) => {
    byKey.set(n.key, n);
    index(n.children);
  });
index(TREE);

const KIND_NOTE: Partial<Record<MenuTreeNode['kind'], string>> = { action: '（按钮）' };

function toData(nodes: readonly MenuTreeNode[], inherited: Set<string>, all: boolean): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.key,
    title: `${n.title}${KIND_NOTE[n.kind] ?? ''}`,
    disableCheckbox: all || inherited.has(n.key),
    children: toData(n.children, inherited, all),
  }));
}

export interface MenuTreeCardProps {
  role: { id: number; role_menu: string[]; version: number };
}

/**
 * The menus a role opens, as the route table's tree (area → groups → screens → buttons), or 全部权限
 * ('*'). Saved at the version read; the holders get it at their next call.
 */
export function MenuTreeCard({ role }: MenuTreeCardProps) {
  const { message } = App.useApp();
  const save = useSaveRoleMenu();
  const [all, setAll] = useState(role.role_menu.includes(ROLE_MENU_ALL));
  const [keys, setKeys] = useState(() => savedKeys(TREE, role.role_menu));
  const checks = useMemo(() => menuChecks(TREE, keys), [keys]);
  const data = useMemo(() => toData(TREE, checks.inherited, all), [checks, all]);
  const everyKey = useMemo(() => [...byKey.keys()], []);

  const submit = () =>
    save.mutate(
      { id: role.id, version: role.version, role_menu: all ? [ROLE_MENU_ALL] : keys },
      {
        onSuccess: () => void message.success('菜单权限已保存，持有该角色的账号下次操作时生效'),
        onError: (error) => void message.error(error.message),
      },
    );

  return (
    <Card
      size="small"
      title="菜单权限"
      extra={
        <Space>
          <span>全部权限</span>
          <Switch checked={all} onChange={setAll} aria-label="全部权限" />
          <Button type="primary" loading={save.isPending} onClick={submit}>
            保存权限
          </Button>
        </Space>
      }
    >
      {all ? (
        <Alert type="info" showIcon title="该角色拥有全部菜单和按钮权限" style={{ marginBottom: 8 }} />
      ) : (
        <Typography.Paragraph type="secondary">
          勾选菜单或分组即可打开其下的页面（含详情页）；按钮权限需单独勾选。
        </Typography.Paragraph>
      )}
      <Tree
        checkable
        checkStrictly
        // A click on a title opens or closes it; only the box checks (nothing is selected).
        selectedKeys={[]}
        expandAction="click"
        treeData={data}
        checkedKeys={all ? everyKey : { checked: checks.checked, halfChecked: checks.halfChecked }}
        onCheck={(_checked, info) => {
          const node = byKey.get(String(info.node.key));
          if (node) setKeys(toggleMenuKey(TREE, keys, node, info.checked));
        }}
      />
    </Card>
  );
}
