/**
 * Spec §2/§9 scanRoute: the self-print pages a kiosk session has gone through, in order, kept in
 * session storage so the kiosk flow knows where the examinee has been and can be reset at the end.
 */
export const SCAN_ROUTE_KEY = 'scanRoute';
export const SELF_PRINT_PREFIX = '/self_print';

type MarkerStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isSelfPrint = (path: string) => path === SELF_PRINT_PREFIX || path.startsWith(`${SELF_PRINT_PREFIX}/`);

/** The marked self-print routes, first visit first; anything unreadable counts as none. */
export function scanRoutes(storage: MarkerStorage = sessionStorage): string[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(SCAN_ROUTE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/** Marks a visited self-print route once; any other path is not a scan route and is ignored. */
export function markScanRoute(path: string, storage: MarkerStorage = sessionStorage): void {
  if (!isSelfPrint(path)) return;
  const marked = scanRoutes(storage);
  if (!marked.includes(path)) storage.setItem(SCAN_ROUTE_KEY, JSON.stringify([...marked, path]));
}

export function clearScanRoutes(storage: MarkerStorage = sessionStorage): void {
  storage.removeItem(SCAN_ROUTE_KEY);
}
