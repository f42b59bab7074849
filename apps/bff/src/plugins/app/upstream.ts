import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Pool, type Dispatcher } from 'undici';
import { AppError, IDEMPOTENCY_KEY_HEADER, UPSTREAM_TOKEN_HEADER, versionRoute } from '@checkup/api-contract';
import type { BffConfig } from '../../config.js';
import { createApiKeySource } from './api-keys.js';
import { applyAnswerRules, type WebAnswer } from './answer-rules.js';
import { prepareOutgoing } from './outgoing.js';
import { dispatchCall, type ClientSide, type UpstreamResponse } from './upstream-call.js';
import { createSecurityConfigSource, type SecurityConfig } from './security-config.js';

export interface ForwardRequest {
  method: string;
  /** Path and raw query, as the browser sent it. */
  url: string;
  requestId: string;
  ip: string;
  token?: string;
  headers?: IncomingHttpHeaders;
  /** A form or JSON body as text, an upload (multipart) as its bytes. */
  body?: string | Buffer | Readable | null;
  /** The browser's raw response: when it closes before its answer is complete, the call is aborted. */
  client?: ClientSide;
}

export type ForwardResult =
  | { kind: 'answer'; answer: WebAnswer; text: string }
  | { kind: 'stream'; status: number; headers: Record<string, string>; body: Readable };

export interface Upstream {
  forward(req: ForwardRequest): Promise<ForwardResult>;
  securityConfig(): Promise<SecurityConfig>;
  ping(): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    upstream: Upstream;
  }
}

// Answers read whole, for the rules of spec §4/§8; anything else (PDF, Word, images) streams through,
// and so does a server-sent event stream (the queue display), which never ends by itself.
const BUFFERED_TYPES = /^(application\/(json|[\w.+-]*\+json)|text\/(?!event-stream))/i;
const EVENT_STREAM = /^text\/event-stream/i;
// The upstream's event streams send a heartbeat every 15 s: three missed ones mean it is gone,
// whatever shorter body time-out the ordinary calls use.
const EVENT_STREAM_SILENCE_MS = 45_000;
const PASSED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-disposition',
  'cache-control',
  'etag',
  'last-modified',
];
// last-event-id: a reconnecting EventSource resumes where it stopped; idempotency-key: the checkup
// server answers a retried form with its first answer (issue 17 §2).
const PASSED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'user-agent',
  'last-event-id',
  IDEMPOTENCY_KEY_HEADER,
];
const bufferedAnswer = (status: number, headers: IncomingHttpHeaders) =>
  status >= 400 || BUFFERED_TYPES.test(headerValue(headers['content-type']));
const RETRYABLE_CODES = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']);

/** A call that got no answer: timed out (504) or could not reach the upstream (502). */
export function upstreamFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return new AppError(/timeout/i.test(`${code ?? ''} ${message ?? ''}`) ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE');
}

function headerValue(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** One keep-alive pool toward the checkup server; signing and the answer rules live here. */
export const upstreamPlugin = fp(async (app: FastifyInstance, config: BffConfig) => {
  const pool = new Pool(config.UPSTREAM_URL, {
    connections: 128,
    keepAliveTimeout: 60_000,
    headersTimeout: config.UPSTREAM_HEADERS_TIMEOUT_MS,
    bodyTimeout: config.UPSTREAM_BODY_TIMEOUT_MS,
    connect: {
      timeout: config.UPSTREAM_CONNECT_TIMEOUT_MS,
      rejectUnauthorized: true,
      ...(config.UPSTREAM_CA_FILE ? { ca: readFileSync(config.UPSTREAM_CA_FILE, 'utf8') } : {}),
    },
  });
  const apiKeys = createApiKeySource(config.API_SECRET, config.API_SECRET_FILE);
  // Event streams still open when the gateway stops: ended, so the close does not wait on them and
  // the browsers reconnect to another instance.
  const eventStreams = new Set<Readable>();

  // A GET on a keep-alive socket the upstream just closed is tried once more; a POST never is.
  const retryable = (method: string, error: unknown) =>
    method === 'GET' && RETRYABLE_CODES.has((error as { code?: string }).code ?? '');

  async function call(
    options: Dispatcher.DispatchOptions,
    client?: ClientSide,
    buffer: (status: number, headers: IncomingHttpHeaders) => boolean = bufferedAnswer,
  ): Promise<UpstreamResponse> {
    try {
      return await dispatchCall(pool, options, { buffer, client });
    } catch (error) {
      if (retryable(options.method, error)) return dispatchCall(pool, options, { buffer, client });
      throw error;
    }
  }

  const security = createSecurityConfigSource(async () => {
    const res = await call({
      method: 'GET',
      path: versionRoute.path,
      headers: { accept: 'application/json' },
    }).catch((error: unknown) => {
      throw upstreamFailure(error);
    });
    return res.kind === 'buffered' ? JSON.parse(res.text) : null;
  }, config.SECURITY_CONFIG_TTL_SECONDS * 1000);

  async function forward(req: ForwardRequest): Promise<ForwardResult> {
    const [path, query = ''] = splitUrl(req.url);
    const headers: Record<string, string> = { 'x-request-id': req.requestId, 'x-forwarded-for': req.ip };
    for (const name of PASSED_REQUEST_HEADERS) {
      const value = headerValue(req.headers?.[name]);
      if (value) headers[name] = value;
    }
    if (req.token) headers[UPSTREAM_TOKEN_HEADER] = req.token;

    const isForm = /^application\/x-www-form-urlencoded/i.test(headers['content-type'] ?? '');
    const form = typeof req.body === 'string' && isForm ? req.body : null;
    const upload = Buffer.isBuffer(req.body) ? req.body : null;
    let outgoing = { query, form };
    if (path !== versionRoute.path) {
      const cfg = security.current() ?? (await security.get());
      if (cfg.integrity || cfg.encrypt) {
        const keys = apiKeys.current() ?? (await apiKeys.load());
        if (!keys) throw new AppError('SECURITY_KEY_MISSING');
        const bodyDigest = upload ? hash('sha256', upload, 'base64url') : undefined;
        outgoing = prepareOutgoing({ method: req.method, path, query, form, bodyDigest }, cfg, keys);
      }
    }
    const body = form !== null ? outgoing.form : (req.body ?? null);
    if (typeof body === 'string') headers['content-length'] = String(Buffer.byteLength(body));
    else if (Buffer.isBuffer(body)) headers['content-length'] = String(body.length);
    else if (body) {
      const length = headerValue(req.headers?.['content-length']);
      if (length) headers['content-length'] = length;
    }

    const eventStream = EVENT_STREAM.test(headers.accept ?? '');
    let res: UpstreamResponse;
    try {
      res = await call(
        {
          method: req.method as Dispatcher.HttpMethod,
          path: outgoing.query ? `${path}?${outgoing.query}` : path,
          headers,
          body,
          ...(eventStream ? { bodyTimeout: Math.max(config.UPSTREAM_BODY_TIMEOUT_MS, EVENT_STREAM_SILENCE_MS) } : {}),
        },
        req.client,
      );
    } catch (error) {
      throw upstreamFailure(error);
    }
    if (res.kind === 'stream') {
      const passed: Record<string, string> = {};
      for (const name of PASSED_RESPONSE_HEADERS) {
        const value = headerValue(res.headers[name]);
        if (value) passed[name] = value;
      }
      if (EVENT_STREAM.test(passed['content-type'] ?? '')) {
        const stream = res.body;
        eventStreams.add(stream);
        stream.once('close', () => eventStreams.delete(stream));
      }
      return { kind: 'stream', status: res.status, headers: passed, body: res.body };
    }
    const contentType = headerValue(res.headers['content-type']);
    return { kind: 'answer', answer: applyAnswerRules(res.status, contentType, res.text, path), text: res.text };
  }

  app.decorate('upstream', {
    forward,
    securityConfig: () => security.get(),
    async ping() {
      try {
        const res = await pool.request({ method: 'GET', path: versionRoute.path, headersTimeout: 2000 });
        await res.body.dump();
        return res.statusCode === 200;
      } catch {
        return false;
      }
    },
  } satisfies Upstream);

  app.addHook('preClose', async () => {
    for (const stream of eventStreams) stream.destroy();
  });
  app.addHook('onClose', async () => {
    await pool.close();
  });
});

function splitUrl(url: string): [string, string] {
  const q = url.indexOf('?');
  return q === -1 ? [url, ''] : [url.slice(0, q), url.slice(q + 1)];
}
