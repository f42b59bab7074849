import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  AppError,
  DEFAULT_BODY_LIMIT,
  MAX_HEADER_BYTES,
  MAX_URL_BYTES,
  clientErrorAnswer,
  contractRoutes,
  errorCatalogue,
  errorToEnvelope,
  failure,
} from '@checkup/api-contract';

const BODY_LIMITS = new Map(contractRoutes.map((d) => [`${d.method} ${d.path}`, d.bodyLimit ?? DEFAULT_BODY_LIMIT]));

/** The one error handler: typed errors keep their msg; anything else is a 500 without details (STYLE §3). */
export const httpPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.length > MAX_URL_BYTES) throw new AppError('URI_TOO_LONG');
  });

  // Each call of the contract is refused with 413 past its descriptor's body limit (issue 17 §2).
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const limit = BODY_LIMITS.get(`${method} ${route.url}`);
      if (limit !== undefined) route.bodyLimit = limit;
    }
  });

  app.setErrorHandler((error, request, reply) => {
    const { status, envelope, unexpected } = errorToEnvelope(error);
    if (unexpected) request.log.error({ err: error }, 'unhandled error');
    // A typed 5xx is the server's own fault (a sealed value that will not open): someone must look.
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ err: error }, 'request refused');
    return reply.status(status).send(envelope);
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(errorCatalogue.NOT_FOUND.status).send(failure('NOT_FOUND'));
  });
});

/**
 * A request Node refuses before Fastify sees it (a header block over its limit, a time-out, bytes
 * that are not HTTP) is answered with the envelope too, and the connection closed after it.
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

/** Node's header limit above the URL limit, so a long URL gets the envelope; the default body limit. */
export const requestLimitOptions = {
  http: { maxHeaderSize: MAX_HEADER_BYTES },
  clientErrorHandler,
  bodyLimit: DEFAULT_BODY_LIMIT,
};
