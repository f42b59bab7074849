import { isKioskAsset, KIOSK_API_ALLOWLIST } from '../policy/kiosk-allowlist.js';
import { SHARE_API_ALLOWLIST } from '../policy/share-allowlist.js';

const METHOD_OVERRIDE_HEADERS = ['x-http-method-override', 'x-http-method', 'x-method-override'];

export type KioskVerdict = { allowed: true; api: boolean } | { allowed: false; reason: string };

/**
 * Judges the raw request line before any routing or decoding, so no spelling of a path (%2e%2e,
 * //, %2F, case, trailing slash) can reach something other than what the allowlist names.
 */
export function judgeKioskRequest(method: string, rawUrl: string, headers: Record<string, unknown>): KioskVerdict {
  const q = rawUrl.indexOf('?');
  const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
  if (METHOD_OVERRIDE_HEADERS.some((h) => headers[h] !== undefined))
    return { allowed: false, reason: 'method override' };
  if (!/^\/[A-Za-z0-9/_.-]*$/.test(path)) return { allowed: false, reason: 'path characters' };
  if (path.includes('//') || /(^|\/)\.\.?(\/|$)/.test(path)) return { allowed: false, reason: 'path segments' };
  if (isKioskAsset(method, path))
    return q === -1 ? { allowed: true, api: false } : { allowed: false, reason: 'asset query' };
  const call = `${method} ${path}`;
  if (KIOSK_API_ALLOWLIST.has(call) || SHARE_API_ALLOWLIST.has(call)) return { allowed: true, api: true };
  return { allowed: false, reason: 'not allowlisted' };
}
