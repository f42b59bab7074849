import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { APP_ROUTES, routeOf, visibleMenu, type MenuNode } from '@checkup/api-contract';
import { useMenuTree } from '../api/get-menu-settings';

type Item = Required<MenuProps>['items'][number];

const itemOf = (node: MenuNode): Item =>
  node.kind === 'screen'
    ? { key: node.route!.path, label: node.title }
    : { key: node.key, label: node.title, children: node.children.map(itemOf) };

/**
 * The side menu: the route table in 菜单分类's order and titles, without its hidden entries, filtered by
 * the user's role_menu keys (spec §6). Hiding only hides: a hidden screen still opens for its holders.
 */
export function SideMenu({ roleMenu }: { roleMenu: readonly string[] }) {
  const navigate = useNavigate();
  const location = useLocation();
  const tree = useMenuTree();
  const items = useMemo(() => visibleMenu(tree, roleMenu).map(itemOf), [tree, roleMenu]);

  const current = routeOf(location.pathname);
  // A detail screen lights up the list it came from.
  const selected = current?.hidden ? APP_ROUTES.find((r) => r.menuKey === current.parentKey)?.path : current?.path;

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      defaultOpenKeys={current ? [current.area] : ['exam_mg']}
      onClick={({ key }) => navigate(key)}
      data-testid="side-menu"
    />
  );
}
