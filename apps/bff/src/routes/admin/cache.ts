import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AppError,
  gatewayCacheClearRoute,
  gatewayCacheStatusRoute,
  mayOpen,
  ok,
  type RouteOutput,
} from '@checkup/api-contract';
import { CACHED_GETS } from '../../policy/cached-gets.js';

/** The screen these calls serve; whoever it is opened to may read and clear the cache. */
const CACHE_SCREEN = 'cfg/cache_mg';

function cacheKeeper(request: FastifyRequest) {
  const user = request.session?.user;
  if (!user) throw new AppError('NOT_LOGGED_IN');
  if (!mayOpen(CACHE_SCREEN, user.role_menu)) throw new AppError('FORBIDDEN');
  return user;
}

/** 缓存管理 (cfg/cache_mg): what the gateway's GET cache holds, and clearing it. */
export async function cacheAdminRoutes(app: FastifyInstance, opts: { ttlSeconds: number }) {
  const results = app.metrics.cache;

  app.get(gatewayCacheStatusRoute.path, async (request, reply) => {
    cacheKeeper(request);
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
    const user = cacheKeeper(request);
    const cleared = await app.getCache.clear();
    request.log.info({ cleared, user: user.user_account }, 'gateway cache cleared');
    return reply.header('x-cache', 'BYPASS').send(ok({ cleared }, '缓存已清除'));
  });
}
