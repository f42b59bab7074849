import { SIGNALS, httpFailureMessage, nonJsonMessage, type Envelope, type Signal } from '@checkup/api-contract';

export interface WebAnswer {
  httpStatus: number;
  envelope: Envelope<unknown>;
  signal?: Signal;
  /** The upstream no longer knows the session: the BFF ends its own too. */
  endSession: boolean;
  /** The envelope differs from the upstream text, which otherwise is sent as it came. */
  rewritten: boolean;
  /** Envelope status 200. */
  success: boolean;
}

const ILLEGAL_ACCESS_MSG = '非法访问!';

function asEnvelope(value: unknown): Envelope<unknown> | null {
  if (typeof value !== 'object' || value === null || !('status' in value)) return null;
  const { status, data, msg } = value as { status: unknown; data?: unknown; msg?: unknown };
  const numeric = typeof status === 'string' && /^\d+$/.test(status) ? Number(status) : status;
  if (typeof numeric !== 'number') return null;
  return { status: numeric, data: data ?? null, msg: typeof msg === 'string' ? msg : '' };
}

function isVerbatim(value: unknown): boolean {
  const { status, msg, data } = value as { status: unknown; msg?: unknown; data?: unknown };
  return typeof status === 'number' && typeof msg === 'string' && data !== undefined;
}

function carriesMaintenance(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { param_value?: unknown }).param_value === 'Y';
}

// A success envelope as our servers write it, carrying nothing a rule looks for: the common case,
// answered without parsing a body that may be a long list.
const PLAIN_SUCCESS_START = '{"status":200,';

function isPlainSuccess(text: string): boolean {
  return (
    text.startsWith(PLAIN_SUCCESS_START) &&
    text.endsWith('}') &&
    !text.includes('"param_value"') &&
    !text.includes(ILLEGAL_ACCESS_MSG)
  );
}

/**
 * A plain success, its envelope parsed only when someone reads it. A class, not an object literal
 * with a getter: V8 keeps every such literal (its own getter closure, and with it the answer text)
 * through the young-generation collections, so each answer was promoted to the old generation and
 * the gateway ran a full collection every two seconds under load (bench/bff, added p99).
 */
class PlainSuccess implements WebAnswer {
  readonly httpStatus = 200;
  readonly endSession = false;
  readonly rewritten = false;
  readonly success = true;
  readonly #text: string;
  #envelope: Envelope<unknown> | undefined;

  constructor(text: string) {
    this.#text = text;
  }

  get envelope(): Envelope<unknown> {
    return (this.#envelope ??= JSON.parse(this.#text) as Envelope<unknown>);
  }
}

/**
 * The rules of spec §4 and §8 for one buffered upstream answer, applied once here so the web app
 * only reads the envelope and the signal header.
 */
export function applyAnswerRules(httpStatus: number, contentType: string, text: string, url: string): WebAnswer {
  if (httpStatus === 200 && isPlainSuccess(text)) return new PlainSuccess(text);
  const path = url.split('?')[0]!;
  let parsed: unknown;
  try {
    parsed = /\bjson\b/i.test(contentType) || /^\s*[{[]/.test(text) ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  const envelope = asEnvelope(parsed);

  if (!envelope) {
    const msg = httpStatus >= 400 ? httpFailureMessage(httpStatus, path) : nonJsonMessage(path);
    const status = httpStatus >= 400 ? httpStatus : 502;
    return {
      httpStatus: status,
      envelope: { status, data: null, msg },
      endSession: false,
      rewritten: true,
      success: false,
    };
  }
  const rewritten = !isVerbatim(parsed);
  const base = { envelope, rewritten, success: envelope.status === 200 };

  if (envelope.status === 401) return { ...base, httpStatus: 401, signal: SIGNALS.relogin, endSession: true };
  if (envelope.status === 402) return { ...base, httpStatus: 402, signal: SIGNALS.externalImport, endSession: false };
  if (envelope.msg === ILLEGAL_ACCESS_MSG) {
    const status = httpStatus >= 400 ? httpStatus : 403;
    return { ...base, httpStatus: status, signal: SIGNALS.illegalAccess, endSession: true };
  }
  const signal = carriesMaintenance(envelope.data) ? SIGNALS.maintenance : undefined;
  const statusForHttp = envelope.status >= 400 && envelope.status <= 599 ? envelope.status : httpStatus;
  return { ...base, httpStatus: statusForHttp, signal, endSession: false };
}
