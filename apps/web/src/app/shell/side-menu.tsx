import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { APP_ROUTES, AREAS, isAllowed, routeOf } from '@checkup/api-contract';
import type { AppRoute } from '@checkup/api-contract';

type Item = Required<MenuProps>['items'][number];

/** The side menu, built from the route table and filtered by the user's role_menu keys (spec §6). */
export function SideMenu({ roleMenu }: { roleMenu: readonly string[] }) {
  const navigate = useNavigate();
  const location = useLocation();

  const items = useMemo(() => {
    const visible = APP_ROUTES.filter((r) => !r.hidden && isAllowed(r, roleMenu));
    const childrenOf = (parent: AppRoute | null, area: string): Item[] =>
      visible
        .filter((r) => r.area === area && r.parentKey === (parent?.menuKey ?? null))
        .map((r) => {
          if (!r.isGroup) return { key: r.path, label: r.title };
          const children = childrenOf(r, area);
          return children.length ? { key: r.menuKey, label: r.title, children } : null;
        })
        .filter((i): i is NonNullable<typeof i> => i !== null);
    return AREAS.map((area): Item | null => {
      const children = childrenOf(null, area.area);
      return children.length ? { key: area.area, label: area.title, children } : null;
    }).filter((i): i is NonNullable<typeof i> => i !== null);
  }, [roleMenu]);

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
