/**
 * Reuses one load for ttlMs; callers arriving while it runs share it. A failed load is forgotten at
 * once so the next caller tries again. ttlMs 0 loads on every call.
 */
export function ttlCached<T>(load: () => Promise<T>, ttlMs: number, now: () => number = Date.now): () => Promise<T> {
  let cached: { value: Promise<T>; until: number } | undefined;
  return () => {
    const at = now();
    if (cached && at < cached.until) return cached.value;
    const entry = { value: load(), until: at + ttlMs };
    cached = entry;
    entry.value.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return entry.value;
  };
}
