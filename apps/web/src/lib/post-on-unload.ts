import type { RouteDescriptor } from '@checkup/api-contract';

/**
 * A POST sent while the page unloads (spec §4 page close: a held lock is released): a keepalive
 * request outlives the page and carries the session cookie and an Origin header, so the BFF accepts
 * it; where keepalive is refused, a beacon.
 */
export function postOnUnload(route: RouteDescriptor, fields: Record<string, string>): void {
  const body = new URLSearchParams(fields);
  try {
    void fetch(route.path, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }).catch(() => undefined);
  } catch {
    navigator.sendBeacon?.(route.path, body);
  }
}
