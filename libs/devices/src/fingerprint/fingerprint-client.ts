import { DEVICE_PORTS } from '../ports.js';
import { deviceError, deviceOk, type DeviceResult } from '../result.js';
import {
  browserWebSocketFactory,
  SOCKET_OPEN,
  type WebSocketFactory,
  type WebSocketLike,
} from '../transport/web-socket.js';
import { parseDeviceMessage, type FingerprintCommand, type FingerprintDeviceMessage } from './device-message.js';
import {
  FINGERPRINT_MESSAGES,
  fingerprintStatus,
  matchText,
  type FingerprintErrorCode,
  type FingerprintStatus,
  type FingerprintStatusCode,
} from './status.js';

export const FINGERPRINT_URL = `ws://127.0.0.1:${DEVICE_PORTS.fingerprintSocket}/fps`;
/** The spec leaves the success threshold to configuration; this is only the fallback. */
export const DEFAULT_FINGERPRINT_MATCH_THRESHOLD = 60;

export interface FingerprintCapture {
  /** The template the device produced (data1); stored by dept_detail, compared by order_detail. */
  template: string;
  /** The finger image (base64). */
  image: string;
}
export interface FingerprintMatch {
  score: number;
  threshold: number;
  matched: boolean;
  text: string;
}
export type FingerprintResult<T> = DeviceResult<T, FingerprintErrorCode>;

export interface FingerprintClientOptions {
  /** Undefined: the browser's WebSocket; null: none (status 03). */
  createSocket?: WebSocketFactory | null;
  url?: string;
  matchThreshold?: number;
  connectTimeoutMs?: number;
  /** The device reports its own time-out (8); this only guards a device that stops answering. */
  operationTimeoutMs?: number;
}

interface Pending {
  kind: 'enrol' | 'capture' | 'match';
  settle(result: FingerprintResult<FingerprintDeviceMessage>): void;
}

const fail = (error: FingerprintErrorCode) => deviceError(error, FINGERPRINT_MESSAGES[error]);
const OUTCOME: Partial<Record<FingerprintStatusCode, FingerprintErrorCode>> = {
  '50': 'capture_failed',
  '60': 'enrol_failed',
  '8': 'timeout',
  '150': 'reconnect_failed',
};

/** The fingerprint service (spec §4, §7): one socket, one operation at a time, every step reported as a status. */
export class FingerprintClient {
  readonly matchThreshold: number;
  #status: FingerprintStatus | null = null;
  #socket: WebSocketLike | null = null;
  #connecting: Promise<FingerprintResult<void>> | null = null;
  #pending: Pending | null = null;
  /** The operation under way; null when idle. */
  #active: object | null = null;
  /** Bumped by close() and reconnect(): whatever was started before is abandoned. */
  #generation = 0;
  readonly #listeners = new Set<(status: FingerprintStatus) => void>();
  readonly #createSocket: WebSocketFactory | null;
  readonly #url: string;
  readonly #connectTimeoutMs: number;
  readonly #operationTimeoutMs: number;

  constructor(options: FingerprintClientOptions = {}) {
    this.#createSocket = options.createSocket === undefined ? browserWebSocketFactory() : options.createSocket;
    this.#url = options.url ?? FINGERPRINT_URL;
    this.matchThreshold = options.matchThreshold ?? DEFAULT_FINGERPRINT_MATCH_THRESHOLD;
    this.#connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
    this.#operationTimeoutMs = options.operationTimeoutMs ?? 60_000;
  }

  get status(): FingerprintStatus | null {
    return this.#status;
  }

  onStatus(listener: (status: FingerprintStatus) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Opens the socket if needed: 02 when ready, 01 when it cannot, 03 without WebSocket support. */
  connect(): Promise<FingerprintResult<void>> {
    if (this.#socket?.readyState === SOCKET_OPEN) return Promise.resolve(deviceOk(undefined));
    if (!this.#connecting) {
      const connecting = this.#open(false).finally(() => {
        if (this.#connecting === connecting) this.#connecting = null;
      });
      this.#connecting = connecting;
    }
    return this.#connecting;
  }

  /** Registers a finger (dept_detail): press, lift, press again, then 61 or 60. */
  async enrol(): Promise<FingerprintResult<FingerprintCapture>> {
    const answer = await this.#run('enrol', { cmd: 'enrol' });
    return answer.ok ? deviceOk({ template: answer.data.data1, image: answer.data.image }) : answer;
  }

  /** Captures a finger (order_detail): press, lift, press again, then 51 or 50. */
  async capture(): Promise<FingerprintResult<FingerprintCapture>> {
    const answer = await this.#run('capture', { cmd: 'capture' });
    return answer.ok ? deviceOk({ template: answer.data.data1, image: answer.data.image }) : answer;
  }

  /** Compares two templates (9); a score at or above the threshold is a match. */
  async match(registered: string, captured: string): Promise<FingerprintResult<FingerprintMatch>> {
    const answer = await this.#run('match', { cmd: 'match', data1: registered, data2: captured });
    if (!answer.ok) return answer;
    const score = Number(answer.data.data1);
    if (answer.data.data1.trim() === '' || !Number.isFinite(score)) return this.#malformed();
    const threshold = this.matchThreshold;
    return deviceOk({ score, threshold, matched: score >= threshold, text: matchText(score, threshold) });
  }

  /** spec §4 order_detail: capture, then compare with the registered template. */
  async captureAndMatch(
    registered: string,
  ): Promise<FingerprintResult<{ capture: FingerprintCapture; match: FingerprintMatch }>> {
    const capture = await this.capture();
    if (!capture.ok) return capture;
    const match = await this.match(registered, capture.data.template);
    return match.ok ? deviceOk({ capture: capture.data, match: match.data }) : match;
  }

  /** Drops the socket and opens a new one: 151 when it works, 150 when it does not. */
  async reconnect(): Promise<FingerprintResult<void>> {
    this.#abandon();
    const opened = await this.#open(true);
    this.#emit(opened.ok ? '151' : '150');
    return opened.ok ? opened : fail('reconnect_failed');
  }

  /** Ends any operation ('cancelled') and closes the socket. */
  close(): void {
    this.#abandon();
  }

  /** Ends the operation and the connection, including one still being opened. */
  #abandon(): void {
    this.#generation += 1;
    this.#active = null;
    this.#connecting = null;
    this.#settle(fail('cancelled'));
    this.#drop();
  }

  #emit(code: FingerprintStatusCode, image?: string): void {
    this.#status = fingerprintStatus(code, image);
    for (const listener of this.#listeners) listener(this.#status);
  }

  #open(quiet: boolean): Promise<FingerprintResult<void>> {
    const create = this.#createSocket;
    if (!create) {
      this.#emit('03');
      return Promise.resolve(fail('unsupported'));
    }
    const generation = this.#generation;
    return new Promise((resolve) => {
      let socket: WebSocketLike | null = null;
      const finish = (opened: boolean) => {
        clearTimeout(timer);
        if (socket) socket.onopen = socket.onerror = socket.onclose = null;
        if (generation !== this.#generation) {
          socket?.close();
          return resolve(fail('cancelled'));
        }
        if (opened && socket) {
          this.#attach(socket);
          if (!quiet) this.#emit('02');
          return resolve(deviceOk(undefined));
        }
        socket?.close();
        if (!quiet) this.#emit('01');
        resolve(fail('connect_failed'));
      };
      const timer = setTimeout(() => finish(false), this.#connectTimeoutMs);
      try {
        socket = create(this.#url);
      } catch {
        return finish(false);
      }
      socket.onopen = () => finish(true);
      socket.onerror = () => finish(false);
      socket.onclose = () => finish(false);
    });
  }

  #attach(socket: WebSocketLike): void {
    this.#socket = socket;
    socket.onmessage = (event) => this.#onMessage(event.data);
    socket.onerror = null;
    socket.onclose = () => {
      if (socket !== this.#socket) return;
      this.#socket = null;
      this.#emit('04');
      this.#settle(fail('closed'));
    };
  }

  /** Closes the socket on purpose: no 04, and its late events are ignored. */
  #drop(): void {
    const socket = this.#socket;
    this.#socket = null;
    if (!socket) return;
    socket.onmessage = socket.onclose = socket.onerror = null;
    socket.close();
  }

  async #run(kind: Pending['kind'], command: FingerprintCommand): Promise<FingerprintResult<FingerprintDeviceMessage>> {
    if (this.#active) return fail('busy');
    const token = {};
    this.#active = token;
    try {
      const connected = await this.connect();
      if (this.#active !== token) return fail('cancelled');
      if (!connected.ok) return connected;
      return await new Promise((resolve) => {
        const timer = setTimeout(() => {
          this.#emit('8');
          this.#settle(fail('timeout'));
          this.#drop();
        }, this.#operationTimeoutMs);
        this.#pending = {
          kind,
          settle: (result) => {
            clearTimeout(timer);
            this.#pending = null;
            resolve(result);
          },
        };
        this.#socket?.send(JSON.stringify(command));
      });
    } finally {
      if (this.#active === token) this.#active = null;
    }
  }

  #settle(result: FingerprintResult<FingerprintDeviceMessage>): void {
    this.#pending?.settle(result);
  }

  #malformed(): FingerprintResult<never> {
    this.#drop();
    this.#emit('04');
    return fail('malformed');
  }

  #onMessage(data: unknown): void {
    const message = parseDeviceMessage(data);
    if (!message) {
      if (this.#pending) this.#settle(this.#malformed());
      return;
    }
    this.#emit(message.code, message.image || undefined);
    const pending = this.#pending;
    if (!pending) return;
    const error = OUTCOME[message.code];
    if (error) return this.#settle(fail(error));
    const resultFor =
      message.code === '9' ? 'match' : message.code === '51' || message.code === '61' ? 'template' : null;
    if (resultFor === 'match' && pending.kind === 'match') return this.#settle(deviceOk(message));
    if (resultFor === 'template' && pending.kind !== 'match') {
      this.#settle(message.data1 ? deviceOk(message) : this.#malformed());
    }
  }
}
