import type { FetchLike } from '../transport/http.js';

export type FakeReply =
  | { kind: 'json'; body: unknown }
  | { kind: 'text'; text: string; status: number }
  | { kind: 'refused' }
  | { kind: 'hang' };

export const json = (body: unknown): FakeReply => ({ kind: 'json', body });
export const text = (body: string, status = 200): FakeReply => ({ kind: 'text', text: body, status });
export const REFUSED: FakeReply = { kind: 'refused' };
/** Never answers; rejects only when the request is aborted. */
export const HANG: FakeReply = { kind: 'hang' };

const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

/** A fetch that answers from a script, records each address and honours abort signals like the real one. */
export function fakeFetch(reply: (url: URL) => FakeReply) {
  const calls: string[] = [];
  const fetch: FetchLike = (url, init) => {
    calls.push(url);
    const signal = init?.signal;
    if (signal?.aborted) return Promise.reject(abortError());
    const answer = reply(new URL(url));
    if (answer.kind === 'refused') return Promise.reject(new TypeError('fetch failed'));
    if (answer.kind === 'hang') {
      return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(abortError()), { once: true }));
    }
    const body = answer.kind === 'json' ? JSON.stringify(answer.body) : answer.text;
    const status = answer.kind === 'text' ? answer.status : 200;
    return Promise.resolve({ ok: status >= 200 && status < 300, status, text: () => Promise.resolve(body) });
  };
  return { fetch, calls, paths: () => calls.map((c) => new URL(c).pathname) };
}

/** An in-memory localStorage. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}
