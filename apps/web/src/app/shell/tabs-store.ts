import { HOME_PATH, routeOf } from '@checkup/api-contract';

/** A visited page: its path, the query it was opened with (order_id …) and its title. */
export interface PageTab {
  path: string;
  search: string;
  title: string;
}

/** Spec §2: the tab list lives in session storage, so a reload restores it and a new window starts afresh. */
export const TABS_STORAGE_KEY = 'checkup:tabs';
/** The query flag that closes the tab being left (spec §2 ?closeTag). */
export const CLOSE_TAG = 'closeTag';

export const homeTab = (): PageTab => ({ path: HOME_PATH, search: '', title: routeOf(HOME_PATH)?.title ?? '首页' });

/** The stored tabs, home first and pinned; anything unreadable or unknown is dropped. */
export function loadTabs(storage: Pick<Storage, 'getItem'> = sessionStorage): PageTab[] {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(TABS_STORAGE_KEY) ?? '[]');
  } catch {
    stored = [];
  }
  const tabs = Array.isArray(stored)
    ? stored.filter(
        (t): t is PageTab =>
          typeof t?.path === 'string' && typeof t?.search === 'string' && routeOf(t.path) !== undefined,
      )
    : [];
  return withHome(tabs.map((t) => ({ ...t, title: routeOf(t.path)!.title })));
}

export function saveTabs(tabs: PageTab[], storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  storage.setItem(TABS_STORAGE_KEY, JSON.stringify(tabs));
}

function withHome(tabs: PageTab[]): PageTab[] {
  const rest = tabs.filter((t) => t.path !== HOME_PATH);
  const home = tabs.find((t) => t.path === HOME_PATH) ?? homeTab();
  return [home, ...rest];
}

/** Opening a page: its tab is added, or updated with the new query (a different order_id). */
export function openTab(tabs: PageTab[], tab: PageTab): PageTab[] {
  const index = tabs.findIndex((t) => t.path === tab.path);
  if (index === -1) return withHome([...tabs, tab]);
  return tabs.map((t, i) => (i === index ? tab : t));
}

/** Closing a tab; home stays. Answers the tabs and the one to show when the active tab closed. */
export function closeTab(tabs: PageTab[], path: string, activePath: string): { tabs: PageTab[]; next: PageTab | null } {
  if (path === HOME_PATH) return { tabs, next: null };
  const index = tabs.findIndex((t) => t.path === path);
  if (index === -1) return { tabs, next: null };
  const remaining = tabs.filter((t) => t.path !== path);
  const next = path === activePath ? (remaining[index - 1] ?? remaining[0] ?? homeTab()) : null;
  return { tabs: remaining, next };
}

/** Removes the closeTag flag from a query string, answering whether it was there. */
export function stripCloseTag(search: string): { search: string; closeTag: boolean } {
  const params = new URLSearchParams(search);
  if (!params.has(CLOSE_TAG)) return { search, closeTag: false };
  params.delete(CLOSE_TAG);
  const rest = params.toString();
  return { search: rest ? `?${rest}` : '', closeTag: true };
}

/**
 * How many keep-alive pages stay mounted at once. A desk opens pages all day; beyond this the page
 * shown longest ago is unmounted (its tab stays, and opens afresh), as Vue's <keep-alive max> does.
 */
export const MAX_KEPT_PAGES = 10;

/** Paths of keep-alive pages, most recently shown first, with `path` moved to the front. */
export function shownRecently(recent: readonly string[], path: string): string[] {
  // Bounded: closed tabs drop out of the mounted set anyway, the list only needs to outrank them.
  return [path, ...recent.filter((p) => p !== path)].slice(0, MAX_KEPT_PAGES * 4);
}

/** The open keep-alive pages to keep mounted: the MAX_KEPT_PAGES most recently shown, in tab order. */
export function keptMounted(openKeepAlive: readonly string[], recent: readonly string[]): string[] {
  const open = new Set(openKeepAlive);
  const mounted = new Set(recent.filter((p) => open.has(p)).slice(0, MAX_KEPT_PAGES));
  return openKeepAlive.filter((p) => mounted.has(p));
}
