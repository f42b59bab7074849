import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { APP_ROUTES, routeOf, visibleMenu, type MenuNode } from '@checkup/api-contract';
import { useMenuTree } from '../api/get-menu-settings';

type Item = Required<MenuProps>['items'][number];

/** The keys of the areas and groups above the screen at `path`, outermost first; null when not in the tree. */
function ancestorsOf(nodes: readonly MenuNode[], path: string): string[] | null {
  for (const node of nodes) {
    if (node.kind === 'screen') {
      if (node.route!.path === path) return [];
      continue;
    }
    const below = ancestorsOf(node.children, path);
    if (below) return [node.key, ...below];
  }
  return null;
}

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
  const nodes = useMemo(() => visibleMenu(tree, roleMenu), [tree, roleMenu]);
  const items = useMemo(() => nodes.map(itemOf), [nodes]);

  const current = routeOf(location.pathname);
  // A detail screen lights up the list it came from.
  const selected = current?.hidden ? APP_ROUTES.find((r) => r.menuKey === current.parentKey)?.path : current?.path;

  // The area and group of the current screen open whenever it changes (reached by address, a tab or a
  // link), on top of what the user opened or closed by hand: adjusted while rendering, as React
  // advises for state that follows a prop, so the menu never shows the old state first.
  const [openKeys, setOpenKeys] = useState<string[]>(() => (current ? [current.area] : ['exam_mg']));
  const ancestors = useMemo(() => (selected ? (ancestorsOf(nodes, selected) ?? []) : []), [nodes, selected]);
  const [followed, setFollowed] = useState('');
  const trail = ancestors.join(' ');
  if (trail !== followed) {
    setFollowed(trail);
    if (ancestors.length > 0) setOpenKeys((open) => [...new Set([...open, ...ancestors])]);
  }

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      onClick={({ key }) => navigate(key)}
      data-testid="side-menu"
    />
  );
}
