/**
 * The state several BFF instances must share (issue 3 §9): sessions, the GET cache, duplicate
 * locks and login counters. In process by default; Redis with REDIS_URL.
 */
export interface SharedState {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets only when absent; true when this call set it (a lock taken). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Deletes only when the value is still `value` (a lock released by its owner). */
  deleteIfEquals(key: string, value: string): Promise<void>;
  /** Restarts the expiry of a key; false when the key is gone. */
  expire(key: string, ttlMs: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Deletes every key starting with the prefix; answers how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** How many live keys start with the prefix. */
  countPrefix(prefix: string): Promise<number>;
  /** Adds one and answers the new count; the window starts with the first increment. */
  increment(key: string, windowMs: number): Promise<number>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

interface Entry {
  value: string;
  expiresAt: number;
}

export function createMemoryState(now: () => number = Date.now): SharedState {
  const entries = new Map<string, Entry>();
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = setInterval(() => {
    for (const key of entries.keys()) live(key);
  }, 60_000);
  sweep.unref();

  return {
    kind: 'memory',
    get: async (key) => live(key)?.value ?? null,
    set: async (key, value, ttlMs) => {
      entries.set(key, { value, expiresAt: now() + ttlMs });
    },
    setIfAbsent: async (key, value, ttlMs) => {
      if (live(key)) return false;
      entries.set(key, { value, expiresAt: now() + ttlMs });
      return true;
    },
    deleteIfEquals: async (key, value) => {
      if (live(key)?.value === value) entries.delete(key);
    },
    expire: async (key, ttlMs) => {
      const entry = live(key);
      if (!entry) return false;
      entry.expiresAt = now() + ttlMs;
      return true;
    },
    delete: async (key) => {
      entries.delete(key);
    },
    deletePrefix: async (prefix) => {
      let count = 0;
      for (const key of [...entries.keys()]) {
        if (key.startsWith(prefix) && live(key)) count += 1;
        if (key.startsWith(prefix)) entries.delete(key);
      }
      return count;
    },
    countPrefix: async (prefix) => {
      let count = 0;
      for (const key of [...entries.keys()]) if (key.startsWith(prefix) && live(key)) count += 1;
      return count;
    },
    increment: async (key, windowMs) => {
      const entry = live(key);
      const count = entry ? Number(entry.value) + 1 : 1;
      entries.set(key, { value: String(count), expiresAt: entry?.expiresAt ?? now() + windowMs });
      return count;
    },
    ping: async () => true,
    close: async () => clearInterval(sweep),
  };
}
