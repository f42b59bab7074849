import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorToEnvelope } from '@checkup/api-contract';

/** Request ids, security headers and the one error handler (STYLE §3). */
export const httpPlugin = fp(async (app: FastifyInstance) => {
  // Bodies are kept as the raw string (form, JSON) or stream (uploads): the proxy forwards them
  // untouched (spec §7), and JSON is not re-serialised, which would round large numbers.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'application/json'],
    { parseAs: 'string' },
    (_req, body, done) => done(null, body),
  );
  app.addContentTypeParser('multipart/form-data', (_req, payload, done) => done(null, payload));

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
  });

  app.setErrorHandler((error, request, reply) => {
    const { status, envelope, unexpected } = errorToEnvelope(error);
    if (unexpected) request.log.error({ err: error }, 'unhandled error');
    else request.log.info({ err: error }, 'request refused');
    return reply.status(status).send(envelope);
  });
});
