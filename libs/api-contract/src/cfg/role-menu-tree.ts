import { APP_ROUTES, AREAS } from '../route-table/route-table.js';
import type { AppRoute } from '../route-table/types.js';

/** role_menu's key that opens every screen and grants every button-level permission. */
export const ROLE_MENU_ALL = '*';

/**
 * One node of a role's menu tree (角色管理详情): an area, a menu group, a screen (a detail screen sits
 * under the list it opens from), or a button-level permission a screen declares. Every node but an
 * area is keyed by its access key, as role_menu holds it.
 */
export interface MenuTreeNode {
  key: string;
  title: string;
  kind: 'area' | 'group' | 'screen' | 'action';
  children: MenuTreeNode[];
}

function screenNode(route: AppRoute): MenuTreeNode {
  return {
    key: route.menuKey,
    title: route.title,
    kind: route.isGroup ? 'group' : 'screen',
    children: [
      ...APP_ROUTES.filter((r) => r.parentKey === route.menuKey).map(screenNode),
      ...route.actions.map((a): MenuTreeNode => ({ key: a.accessKey, title: a.title, kind: 'action', children: [] })),
    ],
  };
}

/**
 * The menus a role may open, from the route table: area → groups → screens → button-level actions
 * (`menuKey:action`). A node's children are what its key opens too (a group's screens, a list's detail
 * screens), except the actions, which only their own key grants (route-table.ts mayUse).
 */
export function permissionTree(): MenuTreeNode[] {
  return AREAS.map((area) => ({
    key: area.area,
    title: area.title,
    kind: 'area' as const,
    children: APP_ROUTES.filter((r) => r.area === area.area && r.parentKey === null).map(screenNode),
  }));
}
