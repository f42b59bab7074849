import { ID_CARD_POLL_INTERVAL_MS, ID_CARD_POLL_LIMIT_MS } from '../ports.js';
import { deviceError, deviceOk, type DeviceResult } from '../result.js';
import { defaultFetch, delay, getJson, isRecord, type FetchLike, type JsonAnswer } from '../transport/http.js';
import {
  browserStorage,
  loadCardReaderParam,
  readerBaseUrl,
  type CardReaderParamLoader,
  type KeyValueStorage,
} from './card-reader-param.js';
import { deviceErrorMessage, isConnectionProblem, readPollAnswer, type IdCardResult } from './id-card-answer.js';
import { ID_CARD_MESSAGES, type IdCardErrorCode } from './messages.js';

/** spec §4 ID-card reader states. */
export type IdCardReaderState = 'not_initialised' | 'initialising' | 'initialised' | 'open' | 'closed';
export type IdCardReadResult = DeviceResult<IdCardResult, IdCardErrorCode>;

export interface IdCardReaderOptions {
  loadParameter: CardReaderParamLoader;
  fetch?: FetchLike;
  /** Where parameter 0110 is cached; localStorage by default, null for none. */
  storage?: KeyValueStorage | null;
  pollIntervalMs?: number;
  /** How long one read waits for a card (spec §9: 120 s). */
  limitMs?: number;
  /** How long one request to the helper may take before it counts as not answering. */
  requestTimeoutMs?: number;
  now?: () => Date;
}

const fail = (error: IdCardErrorCode, detail = '') => deviceError(error, ID_CARD_MESSAGES[error] + detail);

/**
 * The ID-card reader helper (spec §4, §7). `read()` loads parameter 0110, clears stale card info, polls
 * get_info every 500 ms until a card, a device error or the time limit, and always ends closed.
 */
export class IdCardReader {
  #state: IdCardReaderState = 'not_initialised';
  #reading: Promise<IdCardReadResult> | null = null;
  #controller: AbortController | null = null;
  #abortedBy: 'timeout' | 'cancelled' = 'cancelled';
  readonly #stateListeners = new Set<(state: IdCardReaderState) => void>();
  readonly #readListeners = new Set<(card: IdCardResult) => void>();
  readonly #options: Required<Omit<IdCardReaderOptions, 'storage'>> & { storage: KeyValueStorage | null };

  constructor(options: IdCardReaderOptions) {
    this.#options = {
      fetch: defaultFetch,
      pollIntervalMs: ID_CARD_POLL_INTERVAL_MS,
      limitMs: ID_CARD_POLL_LIMIT_MS,
      requestTimeoutMs: 10_000,
      now: () => new Date(),
      ...options,
      storage: options.storage === undefined ? browserStorage() : options.storage,
    };
  }

  get state(): IdCardReaderState {
    return this.#state;
  }

  onStateChange(listener: (state: IdCardReaderState) => void): () => void {
    this.#stateListeners.add(listener);
    return () => this.#stateListeners.delete(listener);
  }

  /** spec §4: on success the reader notifies its listeners, then closes. */
  onRead(listener: (card: IdCardResult) => void): () => void {
    this.#readListeners.add(listener);
    return () => this.#readListeners.delete(listener);
  }

  /** Reads one card; a second call while reading shares the first one's result. */
  read(): Promise<IdCardReadResult> {
    this.#reading ??= this.#read().finally(() => {
      this.#reading = null;
    });
    return this.#reading;
  }

  /** Stops a read in progress; it ends with 'cancelled'. */
  cancel(): void {
    this.#abortedBy = 'cancelled';
    this.#controller?.abort();
  }

  #setState(state: IdCardReaderState): void {
    if (state === this.#state) return;
    this.#state = state;
    for (const listener of this.#stateListeners) listener(state);
  }

  async #read(): Promise<IdCardReadResult> {
    const controller = new AbortController();
    this.#controller = controller;
    const limit = setTimeout(() => {
      this.#abortedBy = 'timeout';
      controller.abort();
    }, this.#options.limitMs);
    try {
      this.#setState('initialising');
      const param = await loadCardReaderParam(this.#options.loadParameter, this.#options.storage);
      if (!param.ok) return param;
      if (controller.signal.aborted) return fail(this.#abortedBy);
      this.#setState('initialised');
      this.#setState('open');
      const { cardReaderCfg } = param.data;
      const result = await this.#clearThenPoll(readerBaseUrl(param.data)!, cardReaderCfg.keys, controller.signal);
      if (result.ok) for (const listener of this.#readListeners) listener(result.data);
      return result;
    } finally {
      clearTimeout(limit);
      this.#controller = null;
      this.#setState('closed');
    }
  }

  async #clearThenPoll(
    base: string,
    keys: Parameters<typeof readPollAnswer>[1],
    signal: AbortSignal,
  ): Promise<IdCardReadResult> {
    const request = { signal, timeoutMs: this.#options.requestTimeoutMs };
    const cleared = await getJson(this.#options.fetch, `${base}idcard/clear_info`, request);
    // An old helper may answer clear_info with plain text; only a transport failure stops the read.
    if (!cleared.ok && cleared.failure !== 'not_json') return this.#transportFailure(cleared);
    if (cleared.ok && isRecord(cleared.body) && isConnectionProblem(cleared.body)) {
      return deviceError('device_error', deviceErrorMessage(cleared.body));
    }
    for (;;) {
      const answer = await getJson(this.#options.fetch, `${base}idcard/get_info/?t=${Date.now()}`, request);
      if (!answer.ok) return this.#transportFailure(answer);
      const verdict = readPollAnswer(answer.body, keys, this.#options.now());
      if (verdict.kind === 'card') return deviceOk(verdict.card);
      if (verdict.kind === 'error') return deviceError(verdict.error, verdict.message);
      if (!(await delay(this.#options.pollIntervalMs, signal))) return fail(this.#abortedBy);
    }
  }

  #transportFailure(answer: Extract<JsonAnswer, { ok: false }>): IdCardReadResult {
    switch (answer.failure) {
      case 'aborted':
        return fail(this.#abortedBy);
      case 'unreachable':
        return fail('unreachable');
      case 'no_response':
        return fail('no_response');
      case 'http_status':
        return fail('service_error', String(answer.status));
      case 'not_json':
        return fail('malformed');
    }
  }
}
