import path from 'node:path';
import { z } from 'zod';
import { decodeKeyText, KEY_FILE_MIN_BYTES } from './modules/security/key-file.js';

/** Base64 of a key of at least KEY_FILE_MIN_BYTES, as a Buffer; absent stays undefined. */
const base64Key = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const key = decodeKeyText(value);
    if (!key) ctx.addIssue({ code: 'custom', message: `must be base64 of at least ${KEY_FILE_MIN_BYTES} bytes` });
    return key ?? undefined;
  });

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  CHECKUP_HOST: z.string().default('127.0.0.1'),
  CHECKUP_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  /** PostgreSQL connection string; without it the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('data'),
  /** Where the RSA key pair for password transport is generated on first start. */
  KEYS_DIR: z.string().optional(),
  /**
   * The secret shared with the BFF, base64; overrides api-secret.key in KEYS_DIR. Both servers
   * derive the signing and field-encryption keys from it (spec §7).
   */
  API_SECRET: base64Key,
  /**
   * Seals ID numbers and phones at rest, base64; overrides personal-data.key in KEYS_DIR
   * (modules/security/data-key.ts). The database is unreadable without it.
   */
  PERSONAL_DATA_KEY: base64Key,
  /** Nonces of signed calls are kept here when set, so several instances refuse each other's replays. */
  REDIS_URL: z.string().url().optional(),
  /** An upstream session ends after this many minutes without a call. */
  UPSTREAM_SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  /** Wrong passwords in a row that lock an account (issue 3 §2; the checkup server keeps the lock since issue 21). */
  LOGIN_LOCKOUT_FAILURES: z.coerce.number().int().positive().default(5),
  /** How long such a lock lasts, unless 账号管理 or 后端日志 releases it sooner. */
  LOGIN_LOCKOUT_MINUTES: z.coerce.number().positive().default(15),
  /** Demo orders generated on a start that finds the orders table empty; 0 turns it off. */
  SEED_ORDERS: z.coerce.number().int().min(0).default(300),
  /**
   * Past days of finished, paid and closed visits (统计分析's data, demo/history.ts) added with those
   * orders, ending yesterday; 0 (the default, and every test) adds none. npm start asks for 90.
   */
  SEED_HISTORY_DAYS: z.coerce.number().int().min(0).default(0),
  /** Mean visits of a history's working day. */
  SEED_HISTORY_PER_DAY: z.coerce.number().int().min(1).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type CheckupConfig = z.infer<typeof configSchema> & { keysDir: string; pgliteDir: string };

/** Parses the environment once at start-up and lists every bad variable (STYLE §4). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): CheckupConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`checkup-server: invalid configuration\n${problems}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    keysDir: path.resolve(parsed.data.KEYS_DIR ?? path.join(dataDir, 'keys')),
    pgliteDir: path.join(dataDir, 'pglite'),
  };
}
