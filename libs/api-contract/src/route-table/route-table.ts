import { bi, afterMg } from './bi-after.js';
import { cfg, eim, examCfg, managementData } from './config-areas.js';
import { crm, financeMg } from './crm-finance.js';
import { examMg } from './exam-mg.js';
import type { AppRoute, AreaSpec, RouteSpec } from './types.js';

/**
 * Spec §2's authenticated shell, area by area, in menu order: paths, glossary titles, menu keys and
 * flags as data. The web derives its menu, tabs and permission checks from it; the server's role
 * menus and the e2e suites use the same keys.
 */
export const AREAS: readonly AreaSpec[] = [examMg, crm, financeMg, bi, afterMg, examCfg, managementData, cfg, eim];

export const MANAGER_PREFIX = '/manager';
export const HOME_PATH = '/manager/exam_mg/home_page';

function flatten(area: AreaSpec, specs: RouteSpec[], parent: AppRoute | null, out: AppRoute[]): void {
  for (const spec of specs) {
    const screenKey = parent ? `${parent.screenKey}/${spec.key}` : spec.key;
    const route: AppRoute = {
      path: `${MANAGER_PREFIX}/${area.area}/${screenKey}`,
      title: spec.title,
      area: area.area,
      menuKey: `${area.area}/${screenKey}`,
      screenKey,
      parentKey: spec.of ? `${area.area}/${spec.of}` : (parent?.menuKey ?? null),
      hidden: spec.hidden ?? false,
      quickAccess: spec.quickAccess ?? false,
      keepAlive: spec.keepAlive ?? false,
      isGroup: Boolean(spec.children?.length),
    };
    out.push(route);
    if (spec.children) flatten(area, spec.children, route, out);
  }
}

/** Every route of the table, flattened, with groups first and their children after them. */
export const APP_ROUTES: readonly AppRoute[] = AREAS.flatMap((area) => {
  const out: AppRoute[] = [];
  flatten(area, area.routes, null, out);
  return out;
});

const byPath = new Map(APP_ROUTES.map((r) => [r.path, r]));

/** The route of a location's pathname; undefined for a path the table does not know. */
export function routeOf(pathname: string): AppRoute | undefined {
  return byPath.get(pathname.replace(/\/+$/, ''));
}

/**
 * role_menu (spec §6): '*' opens everything; otherwise a route needs its own key, or the key of
 * the screen it belongs to (its parent group, or the list a detail screen opens from).
 */
export function isAllowed(route: AppRoute, roleMenu: readonly string[]): boolean {
  if (roleMenu.includes('*')) return true;
  if (roleMenu.includes(route.menuKey)) return true;
  return route.parentKey !== null && roleMenu.includes(route.parentKey);
}

const byMenuKey = new Map(APP_ROUTES.map((r) => [r.menuKey, r]));

/** Whether role_menu opens the screen with this menu key ('cfg/log_front'); false for a key the table does not know. */
export function mayOpen(menuKey: string, roleMenu: readonly string[]): boolean {
  const route = byMenuKey.get(menuKey);
  return route !== undefined && isAllowed(route, roleMenu);
}
