/**
 * What the BFF tells the web app about an answer besides its envelope (spec §4): the web shell
 * reacts to the header, whatever call it was.
 */
export const SIGNAL_HEADER = 'x-checkup-signal';

export const SIGNALS = {
  /** 401: log in again (a dialog when the user is known, else the login page). */
  relogin: 'relogin',
  /** 402: go to the external import page /EimInfoImport. */
  externalImport: 'external-import',
  /** msg '非法访问!': straight to the login page. */
  illegalAccess: 'login',
  /** param_value 'Y': remember the route and show /systemMaintain. */
  maintenance: 'maintenance',
} as const;

export type Signal = (typeof SIGNALS)[keyof typeof SIGNALS];

/** Header on every proxied GET: whether the BFF cache answered it. */
export const CACHE_HEADER = 'x-cache';
export type CacheStatus = 'HIT' | 'MISS' | 'BYPASS';
