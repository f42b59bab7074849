import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SharedState } from '../../state/shared-state.js';

/** Path plus sorted query, plus the user where the answer is personal. */
export function cacheKey(path: string, query: string, userId: number | null): string {
  const user = userId === null ? '' : `#u${userId}`;
  // Most cached calls carry no parameters.
  if (!query) return `cache:${path}?${user}`;
  const sorted = [...new URLSearchParams(query)].sort(([a, av], [b, bv]) =>
    a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1,
  );
  const canonical = new URLSearchParams(sorted).toString();
  return `cache:${path}?${canonical}${user}`;
}

const GENERATION_KEY = 'cache-generation';
const GENERATION_WINDOW_MS = 365 * 24 * 3_600_000;

/**
 * The GET cache with single flight: concurrent misses of one key make one upstream call. A clear
 * starts a new generation, so an answer loaded before it is not stored after it.
 */
export function createGetCache(state: SharedState, ttlMs: number) {
  const inFlight = new Map<string, Promise<unknown>>();
  const generation = async () => (await state.get(GENERATION_KEY)) ?? '0';
  return {
    get: (key: string) => state.get(key),
    generation,
    async set(key: string, text: string, loadedIn: string) {
      if ((await generation()) === loadedIn) await state.set(key, text, ttlMs);
    },
    /** Answers held for one path, whatever their query and user. */
    countOf: (path: string) => state.countPrefix(`cache:${path}?`),
    /** Drops every answer held for one path; one being loaded now is not stored (a new generation). */
    async forget(path: string) {
      await state.increment(GENERATION_KEY, GENERATION_WINDOW_MS);
      return state.deletePrefix(`cache:${path}?`);
    },
    async clear() {
      await state.increment(GENERATION_KEY, GENERATION_WINDOW_MS);
      return state.deletePrefix('cache:');
    },
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
