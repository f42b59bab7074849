import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorCatalogue, errorToEnvelope, failure } from '@checkup/api-contract';

/** The one error handler: typed errors keep their msg; anything else is a 500 without details (STYLE §3). */
export const httpPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
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
