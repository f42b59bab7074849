import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  AppError,
  MAX_HEADER_BYTES,
  MAX_URL_BYTES,
  clientErrorAnswer,
  errorToEnvelope,
  failure,
} from '@checkup/api-contract';

/**
 * Pages (the web app, its assets, the docs) may not be framed and name their origin only to their
 * own. Calls under /manager/ answer JSON or files that are never pages of their own, so they carry
 * only what every answer has: its request id and no content sniffing — two headers fewer on the
 * gateway's busiest path, where each costs about as much as the cache lookup (bench/bff).
 */
const PAGE_HEADERS = {
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
} as const;

declare module 'fastify' {
  interface FastifyRequest {
    /** performance.now() when the request came in: the start of its answer time. */
    receivedAt: number;
  }
}

export interface HttpOptions {
  /** Write one line per answered request (info level). */
  accessLog?: boolean;
}

/** Request ids, security headers, the access log and the one error handler (STYLE §3). */
export const httpPlugin = fp(async (app: FastifyInstance, opts: HttpOptions) => {
  // Bodies are kept as the raw string (form, JSON) or bytes (uploads): the proxy forwards them
  // untouched (spec §7), and JSON is not re-serialised, which would round large numbers. An upload
  // is read whole within its call's body limit (413 past it), so it can be signed by its digest.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'application/json'],
    { parseAs: 'string' },
    (_req, body, done) => done(null, body),
  );
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.decorateRequest('receivedAt', 0);
  // Synchronous hooks with done(): no promise per request on the hot path.
  app.addHook('onRequest', (request, reply, done) => {
    request.receivedAt = performance.now();
    reply.header('x-request-id', request.id).header('x-content-type-options', 'nosniff');
    if (!request.url.startsWith('/manager/')) reply.headers(PAGE_HEADERS);
    // Before anything reads the URL further (the kiosk guard, the session, the proxy).
    if (request.url.length > MAX_URL_BYTES) return done(new AppError('URI_TOO_LONG'));
    done();
  });
  if (opts.accessLog) {
    // When the answer is handed over (for a download or an event stream: when it starts).
    app.addHook('onSend', (request, reply, payload, done) => {
      const responseTime = request.receivedAt ? performance.now() - request.receivedAt : undefined;
      request.log.info({ req: request, res: { statusCode: reply.statusCode }, responseTime }, 'request answered');
      done(null, payload);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    reply.header('x-request-id', request.id).status(404).send(failure('NOT_FOUND'));
  });

  app.setErrorHandler((error, request, reply) => {
    const { status, envelope, unexpected } = errorToEnvelope(error);
    if (unexpected) request.log.error({ err: error }, 'unhandled error');
    else request.log.info({ err: error }, 'request refused');
    return reply.status(status).send(envelope);
  });
});

/** Errors Fastify meets before routing (a malformed URL, say) get the envelope too. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ err: error }, 'request refused before routing');
  reply
    .status(400)
    .header('x-request-id', request.id)
    .header('x-content-type-options', 'nosniff')
    .send(failure('BAD_REQUEST'));
}

/**
 * A request Node refuses before Fastify sees it (a header block over its limit, a time-out, bytes
 * that are not HTTP) is answered with the envelope too. The connection closes after the answer,
 * reading on meanwhile so that an unread body does not reset it before the client has read it.
 */
function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  this.log.info({ err: error }, 'request refused by the HTTP parser');
  socket.resume();
  // Fastify types rawPacket as a serialised Buffer; Node hands over the Buffer itself.
  const rawPacket: unknown = error.rawPacket;
  socket.end(
    clientErrorAnswer({ code: error.code, rawPacket: rawPacket instanceof Uint8Array ? rawPacket : undefined }),
  );
  setTimeout(() => socket.destroy(), 1_000).unref();
}

/** Both ports: Node's header limit above the URL limit, so a long URL gets the envelope (issue 17 §2). */
export const requestLimitOptions = {
  http: { maxHeaderSize: MAX_HEADER_BYTES },
  clientErrorHandler,
};
