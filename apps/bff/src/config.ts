import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  BFF_HOST: z.string().default('0.0.0.0'),
  BFF_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** The checkup server (or a hospital's own /manager/api server). */
  UPSTREAM_URL: z.string().url().default('http://127.0.0.1:8090'),
  UPSTREAM_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  UPSTREAM_HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  WEB_DIST: z.string().default(defaultWebDist),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  /** Secure cookies with the __Host- prefix; set to true when served behind https. */
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type BffConfig = z.infer<typeof configSchema>;

/** Parses the environment once at start-up and lists every bad variable (STYLE §4). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): BffConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`bff: invalid configuration\n${problems}`);
  }
  return { ...parsed.data, WEB_DIST: path.resolve(parsed.data.WEB_DIST) };
}
