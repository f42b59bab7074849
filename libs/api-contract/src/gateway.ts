import { z } from 'zod';
import { route } from './route.js';

/**
 * Calls the BFF answers itself, for 缓存管理 (cfg/cache_mg): its GET cache of spec §7's whitelist.
 * The checkup server never sees them.
 */

export const gatewayCacheEntrySchema = z.object({
  path: z.string(),
  /** What the call reads, in the centre's words. */
  title: z.string(),
  /** Kept per user (the answer differs between users). */
  personal: z.boolean(),
  /** Answers held now (one per query and, for a personal call, per user). */
  count: z.number().int(),
});

/** 网关缓存状态 GET /manager/api/bff/cache/status */
export const gatewayCacheStatusRoute = route({
  method: 'GET',
  path: '/manager/api/bff/cache/status',
  summary: '网关缓存状态（缓存管理）',
  access: ['cfg/cache_mg'],
  input: z.object({}),
  output: z.object({
    /** memory: this gateway only; redis: shared by every gateway instance. */
    store: z.enum(['memory', 'redis']),
    ttl_seconds: z.number().int(),
    entries: z.array(gatewayCacheEntrySchema),
    /** Answers from the cache and from the checkup server since this gateway instance started. */
    hits: z.number().int(),
    misses: z.number().int(),
  }),
});

/** 清除网关缓存 POST /manager/api/bff/cache/clear */
export const gatewayCacheClearRoute = route({
  method: 'POST',
  path: '/manager/api/bff/cache/clear',
  summary: '清除网关缓存（缓存管理）',
  access: ['cfg/cache_mg'],
  input: z.object({}),
  output: z.object({ cleared: z.number().int() }),
});
