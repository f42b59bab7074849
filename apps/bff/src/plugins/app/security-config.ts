import { AppError, versionRoute, type VersionInfo } from '@checkup/api-contract';

export interface SecurityConfig {
  integrity: boolean;
  encrypt: boolean;
  fields: Set<string>;
  sort: boolean;
}

export function securityConfigOf(info: VersionInfo): SecurityConfig {
  const cfg = info.encrypt_cfg;
  return {
    integrity: cfg.api_integrity_verify,
    encrypt: cfg.api_params_encrypt,
    fields: new Set(cfg.api_encrypt_fields),
    sort: cfg.api_signature_sort,
  };
}

/**
 * The upstream's encrypt_cfg, read from its version info and trusted for `ttlMs`. When it cannot
 * be read the gateway fails closed: nothing is forwarded unsigned by mistake.
 */
export function createSecurityConfigSource(fetchVersion: () => Promise<unknown>, ttlMs: number, now = Date.now) {
  let cached: { config: SecurityConfig; at: number } | null = null;
  let pending: Promise<SecurityConfig> | null = null;

  async function load(): Promise<SecurityConfig> {
    try {
      const body = (await fetchVersion()) as { status?: unknown; data?: unknown } | null;
      const info = body?.status === 200 ? versionRoute.output.safeParse(body.data) : null;
      if (!info?.success) throw new Error('version info unreadable');
      cached = { config: securityConfigOf(info.data), at: now() };
      return cached.config;
    } catch (error) {
      // An unreachable upstream says so (502/504); a reachable one that answers no config fails closed.
      throw error instanceof AppError ? error : new AppError('SECURITY_CONFIG_UNAVAILABLE');
    } finally {
      pending = null;
    }
  }

  /** The config while it is fresh; null when it must be (re)loaded. Saves a promise per request. */
  const current = (): SecurityConfig | null => (cached && now() - cached.at < ttlMs ? cached.config : null);

  return {
    current,
    get(): Promise<SecurityConfig> {
      const fresh = current();
      if (fresh) return Promise.resolve(fresh);
      pending ??= load();
      return pending;
    },
    clear() {
      cached = null;
    },
  };
}
