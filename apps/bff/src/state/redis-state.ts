import { Redis } from 'ioredis';
import type { SharedState } from './shared-state.js';

// Compare-and-delete in one step, so a lock that expired and was taken by another request is left alone.
const DELETE_IF_EQUALS = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const INCREMENT_IN_WINDOW = `local n = redis.call('incr', KEYS[1]) if n == 1 then redis.call('pexpire', KEYS[1], ARGV[1]) end return n`;

// SCAN patterns are globs: the prefix is matched literally.
const escapeGlob = (text: string) => text.replace(/[\\*?[\]]/g, (c) => `\\${c}`);

/** Shared state in Redis; every key carries the prefix so one Redis can serve several products. */
export function createRedisState(url: string, prefix: string): SharedState & { client: Redis } {
  const client = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  const ms = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs));

  return {
    kind: 'redis',
    client,
    get: (key) => client.get(key),
    set: async (key, value, ttlMs) => {
      await client.set(key, value, 'PX', ms(ttlMs));
    },
    setIfAbsent: async (key, value, ttlMs) => (await client.set(key, value, 'PX', ms(ttlMs), 'NX')) === 'OK',
    deleteIfEquals: async (key, value) => {
      await client.eval(DELETE_IF_EQUALS, 1, key, value);
    },
    expire: async (key, ttlMs) => (await client.pexpire(key, ms(ttlMs))) === 1,
    delete: async (key) => {
      await client.del(key);
    },
    deletePrefix: async (keyPrefix) => {
      let count = 0;
      // SCAN matches full key names, so the client's own prefix is added by hand and removed for DEL.
      const stream = client.scanStream({ match: `${escapeGlob(prefix + keyPrefix)}*`, count: 500 });
      for await (const keys of stream as AsyncIterable<string[]>) {
        if (keys.length === 0) continue;
        count += await client.del(...keys.map((k) => k.slice(prefix.length)));
      }
      return count;
    },
    countPrefix: async (keyPrefix) => {
      // SCAN may return a key more than once in one iteration.
      const seen = new Set<string>();
      const stream = client.scanStream({ match: `${escapeGlob(prefix + keyPrefix)}*`, count: 500 });
      for await (const keys of stream as AsyncIterable<string[]>) for (const key of keys) seen.add(key);
      return seen.size;
    },
    increment: async (key, windowMs) => Number(await client.eval(INCREMENT_IN_WINDOW, 1, key, String(ms(windowMs)))),
    ping: async () => (await client.ping().catch(() => null)) === 'PONG',
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
