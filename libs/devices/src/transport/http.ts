/** The part of a fetch Response the device clients read. */
export interface DeviceResponse {
  readonly ok: boolean;
  readonly status: number;
  text(): Promise<string>;
}

/** The HTTP transport of the ID-card and print clients; `window.fetch` fits, tests pass a fake. */
export type FetchLike = (url: string, init?: { signal?: AbortSignal }) => Promise<DeviceResponse>;

export type HttpFailure =
  /** Nothing answered: connection refused or dropped (the helper is not running). */
  | 'unreachable'
  /** The helper answered with a non-2xx status. */
  | 'http_status'
  /** The helper answered something that is not JSON. */
  | 'not_json'
  /** The caller's signal aborted the request (time limit reached or cancelled). */
  | 'aborted'
  /** The helper accepted the request but did not answer within the request time-out. */
  | 'no_response';

export type JsonAnswer = { ok: true; body: unknown } | { ok: false; failure: HttpFailure; status?: number };

export const defaultFetch: FetchLike = (url, init) => globalThis.fetch(url, init);

/** GET a local helper and parse its JSON answer, never throwing. */
export async function getJson(
  fetch: FetchLike,
  url: string,
  { signal, timeoutMs }: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<JsonAnswer> {
  const controller = new AbortController();
  let timedOut = false;
  const forwardAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);
  const failed = (): JsonAnswer => ({
    ok: false,
    failure: signal?.aborted ? 'aborted' : timedOut ? 'no_response' : 'unreachable',
  });
  try {
    let text: string;
    try {
      const response = await fetch(url, { signal: controller.signal });
      if (!response.ok) return { ok: false, failure: 'http_status', status: response.status };
      text = await response.text();
    } catch {
      return failed();
    }
    try {
      return { ok: true, body: JSON.parse(text) as unknown };
    } catch {
      return { ok: false, failure: 'not_json' };
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/** Waits `ms`; false if the signal aborted first. */
export function delay(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
