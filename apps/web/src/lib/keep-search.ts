/**
 * Spec §2/§9 keep_search: a list screen leaving for a detail remembers its search filter under its
 * route; coming back, the list takes it once and it is gone, so a later fresh visit starts clean.
 * Session storage: the memory belongs to this browser tab, like the tab list.
 */
export const KEEP_SEARCH_KEY = 'keep_search';

type SearchStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function load(storage: SearchStorage): Record<string, unknown> {
  try {
    const stored: unknown = JSON.parse(storage.getItem(KEEP_SEARCH_KEY) ?? '{}');
    return typeof stored === 'object' && stored !== null && !Array.isArray(stored)
      ? (stored as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function save(all: Record<string, unknown>, storage: SearchStorage): void {
  if (Object.keys(all).length === 0) storage.removeItem(KEEP_SEARCH_KEY);
  else storage.setItem(KEEP_SEARCH_KEY, JSON.stringify(all));
}

/** Remembers a route's list-search filter (a plain JSON value), replacing an earlier one. */
export function rememberSearch(routePath: string, filter: unknown, storage: SearchStorage = sessionStorage): void {
  save({ ...load(storage), [routePath]: filter }, storage);
}

/** The route's remembered filter, read once: it is removed as it is taken. */
export function takeRememberedSearch<T = unknown>(
  routePath: string,
  storage: SearchStorage = sessionStorage,
): T | undefined {
  const all = load(storage);
  if (!(routePath in all)) return undefined;
  const { [routePath]: filter, ...rest } = all;
  save(rest, storage);
  return filter as T;
}
