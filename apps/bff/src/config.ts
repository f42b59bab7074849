import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const bool = z
  .enum(['true', 'false'])
  .default('false')
  .transform((v) => v === 'true');
const positive = z.coerce.number().positive();

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  BFF_HOST: z.string().default('0.0.0.0'),
  BFF_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** The self-print kiosk listener (spec §2 /self_print); 0 picks a free port. */
  KIOSK_HOST: z.string().default('0.0.0.0'),
  KIOSK_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  /** The checkup server (or a hospital's own /manager/api server). */
  UPSTREAM_URL: z.string().url().default('http://127.0.0.1:8090'),
  UPSTREAM_CONNECT_TIMEOUT_MS: positive.default(3000),
  UPSTREAM_HEADERS_TIMEOUT_MS: positive.default(10000),
  /** Longest silence while an upstream body is streaming. */
  UPSTREAM_BODY_TIMEOUT_MS: positive.default(60000),
  /** Extra CA certificates (PEM file) to trust for an https upstream; verification is always on. */
  UPSTREAM_CA_FILE: z.string().optional(),
  WEB_DIST: z.string().default(defaultWebDist),
  SESSION_IDLE_MINUTES: positive.default(30),
  SESSION_ABSOLUTE_HOURS: positive.default(12),
  /** Secure cookies with the __Host- prefix; set to true when served behind https. */
  COOKIE_SECURE: bool,
  /** Origins besides the request's own host that may send state-changing requests (comma-separated). */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /** Shared state (sessions, cache, duplicate locks, rate limits) for several BFF instances. */
  REDIS_URL: z.string().url().optional(),
  REDIS_KEY_PREFIX: z.string().default('checkup:bff:'),
  CACHE_TTL_SECONDS: positive.default(300),
  DUPLICATE_LOCK_TTL_SECONDS: positive.default(60),
  /** How long the upstream's security configuration (version info) is trusted before it is read again. */
  SECURITY_CONFIG_TTL_SECONDS: positive.default(30),
  /** The secret shared with the checkup server for signing and field encryption. */
  API_SECRET: z.string().optional(),
  API_SECRET_FILE: z.string().default('data/keys/api-secret.key'),
  LOGIN_RATE_LIMIT_PER_MINUTE: positive.default(30),
  FRONT_LOG_RATE_LIMIT_PER_MINUTE: positive.default(60),
  /** Examinee look-ups (ID number → reports) per kiosk address and minute: guessing ID numbers is slow. */
  KIOSK_LOOKUPS_PER_MINUTE: positive.default(10),
  /** Extraction codes tried per address and minute on the public listener (the server also locks the link). */
  SHARE_OPENS_PER_MINUTE: positive.default(10),
  TRUST_PROXY: bool,
  /** /docs and /docs/json open to anyone; otherwise to an administrator's session only. */
  DOCS_PUBLIC: bool,
  /** A bearer token that opens /metrics from other hosts; without it only loopback may read it. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN 至少16个字符').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The staff port serves https with this certificate and key (PEM files): browsers open the camera
   * (登记照片) only on https or localhost. Both or neither.
   */
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
});

export type BffConfig = z.infer<typeof configSchema>;

/** Parses the environment once at start-up and lists every bad variable (STYLE §4). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): BffConfig {
  const parsed = configSchema
    .refine((c) => (c.TLS_CERT_FILE === undefined) === (c.TLS_KEY_FILE === undefined), {
      message: 'TLS_CERT_FILE 与 TLS_KEY_FILE 须同时设置',
      path: ['TLS_KEY_FILE'],
    })
    .safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`bff: invalid configuration\n${problems}`);
  }
  return {
    ...parsed.data,
    WEB_DIST: path.resolve(parsed.data.WEB_DIST),
    API_SECRET_FILE: path.resolve(parsed.data.API_SECRET_FILE),
  };
}
