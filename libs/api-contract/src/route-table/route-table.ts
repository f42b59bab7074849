import { bi, afterMg } from './bi-after.js';
import { cfg, eim, examCfg, managementData } from './config-areas.js';
import { crm, financeMg } from './crm-finance.js';
import { examMg } from './exam-mg.js';
import type { AppRoute, Area, AreaSpec, RouteSpec, ScreenKeysOf } from './types.js';

/**
 * Spec §2's authenticated shell, area by area, in menu order: paths, glossary titles, menu keys and
 * flags as data. The web derives its menu, tabs and permission checks from it; the server's role
 * menus and the e2e suites use the same keys.
 */
export const AREAS = [
  examMg,
  crm,
  financeMg,
  bi,
  afterMg,
  examCfg,
  managementData,
  cfg,
  eim,
] as const satisfies readonly AreaSpec[];

type AreaOf<A extends Area> = Extract<(typeof AREAS)[number], { area: A }>;

/** The screen keys of one area as the table spells them: `order_mg`, `review_allot/first_review_allot`. */
export type ScreenKey<A extends Area> = ScreenKeysOf<AreaOf<A>['routes']>;

/** Every role_menu key of a screen: `exam_mg/order_mg`. */
export type MenuKey = { [A in Area]: `${A}/${ScreenKey<A>}` }[Area];

export const MANAGER_PREFIX = '/manager';
export const HOME_PATH = '/manager/exam_mg/home_page';

function flatten(area: AreaSpec, specs: readonly RouteSpec[], parent: AppRoute | null, out: AppRoute[]): void {
  for (const spec of specs) {
    const screenKey = parent ? `${parent.screenKey}/${spec.key}` : spec.key;
    const menuKey = `${area.area}/${screenKey}`;
    const route: AppRoute = {
      path: `${MANAGER_PREFIX}/${area.area}/${screenKey}`,
      title: spec.title,
      area: area.area,
      menuKey,
      screenKey,
      parentKey: spec.of ? `${area.area}/${spec.of}` : (parent?.menuKey ?? null),
      hidden: spec.hidden ?? false,
      quickAccess: spec.quickAccess ?? false,
      keepAlive: spec.keepAlive ?? false,
      isGroup: Boolean(spec.children?.length),
      actions: Object.entries(spec.actions ?? {}).map(([key, title]) => ({ accessKey: `${menuKey}:${key}`, title })),
    };
    out.push(route);
    if (spec.children) flatten(area, spec.children, route, out);
  }
}

/** Every route of the table, flattened, with groups first and their children after them. */
export const APP_ROUTES: readonly AppRoute[] = AREAS.flatMap((area: AreaSpec) => {
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

/** The route of a menu key; undefined for a key the table does not know. */
export function routeOfMenuKey(menuKey: string): AppRoute | undefined {
  return byMenuKey.get(menuKey);
}

const declaredActions = new Set(APP_ROUTES.flatMap((r) => r.actions.map((a) => a.accessKey)));

/** Whether the access key (a menu key, or `menu key:action` the screen declares) names something in the table. */
export function isKnownAccessKey(key: string): boolean {
  return key.includes(':') ? declaredActions.has(key) : byMenuKey.has(key);
}

/**
 * Whether role_menu grants one access key: a screen as mayOpen says; a button-level permission
 * (`exam_mg/rev_apr_detail:handle_exception`) only by itself or by '*', never through its screen.
 */
export function mayUse(accessKey: string, roleMenu: readonly string[]): boolean {
  if (!accessKey.includes(':')) return mayOpen(accessKey, roleMenu);
  return declaredActions.has(accessKey) && (roleMenu.includes('*') || roleMenu.includes(accessKey));
}
