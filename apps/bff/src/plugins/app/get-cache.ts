import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SharedState } from '../../state/shared-state.js';

/** Path plus sorted query, plus the user where the answer is personal. */
export function cacheKey(path: string, query: string, userId: number | null): string {
  const sorted = [...new URLSearchParams(query)].sort(([a, av], [b, bv]) =>
    a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1,
  );
  const canonical = new URLSearchParams(sorted).toString();
  return `cache:${path}?${canonical}${userId === null ? '' : `#u${userId}`}`;
}

/** The GET cache with single flight: concurrent misses of one key make one upstream call. */
export function createGetCache(state: SharedState, ttlMs: number) {
  const inFlight = new Map<string, Promise<unknown>>();
  return {
    get: (key: string) => state.get(key),
    set: (key: string, text: string) => state.set(key, text, ttlMs),
    clear: () => state.deletePrefix('cache:'),
    /** Runs `load` once for all concurrent callers of the same key. */
    once<T>(key: string, load: () => Promise<T>): Promise<T> {
      const pending = inFlight.get(key) as Promise<T> | undefined;
      if (pending) return pending;
      const started = load().finally(() => inFlight.delete(key));
      inFlight.set(key, started);
      return started;
    },
  };
}

export type GetCache = ReturnType<typeof createGetCache>;

declare module 'fastify' {
  interface FastifyInstance {
    getCache: GetCache;
  }
}

export const getCachePlugin = fp(async (app: FastifyInstance, opts: { ttlMs: number }) => {
  app.decorate('getCache', createGetCache(app.sharedState, opts.ttlMs));
});
