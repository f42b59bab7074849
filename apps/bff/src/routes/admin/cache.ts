import type { FastifyInstance } from 'fastify';
import { gatewayCacheClearRoute, gatewayCacheStatusRoute, ok, type RouteOutput } from '@checkup/api-contract';
import { userAllowedTo } from '../../plugins/app/current-user.js';
import { CACHED_GETS } from '../../policy/cached-gets.js';

/** 缓存管理 (cfg/cache_mg): what the gateway's GET cache holds, and clearing it. */
export async function cacheAdminRoutes(app: FastifyInstance, opts: { ttlSeconds: number }) {
  const results = app.metrics.cache;

  // Whoever 缓存管理 (cfg/cache_mg) is opened to now may read and clear the cache.
  app.get(gatewayCacheStatusRoute.path, async (request, reply) => {
    await userAllowedTo(app, request, gatewayCacheStatusRoute);
    const { values } = await results.get();
    const counted = (result: 'hit' | 'miss') => values.find((v) => v.labels.result === result)?.value ?? 0;
    const entries = await Promise.all(
      [...CACHED_GETS].map(async ([path, rule]) => ({
        path,
        title: rule.title,
        personal: rule.personal,
        count: await app.getCache.countOf(path),
      })),
    );
    const status: RouteOutput<typeof gatewayCacheStatusRoute> = {
      store: app.sharedState.kind,
      ttl_seconds: opts.ttlSeconds,
      entries,
      hits: counted('hit'),
      misses: counted('miss'),
    };
    return reply.header('x-cache', 'BYPASS').send(ok(status));
  });

  app.post(gatewayCacheClearRoute.path, async (request, reply) => {
    const user = await userAllowedTo(app, request, gatewayCacheClearRoute);
    const cleared = await app.getCache.clear();
    request.log.info({ cleared, user: user.user_account }, 'gateway cache cleared');
    return reply.header('x-cache', 'BYPASS').send(ok({ cleared }, '缓存已清除'));
  });
}
