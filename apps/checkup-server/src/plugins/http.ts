import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, errorCatalogue, failure } from '@checkup/api-contract';

/** The one error handler: typed errors keep their msg; anything else is a 500 without details (STYLE §3). */
export const httpPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(failure(error.code, error.message));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'bad request');
      return reply.status(400).send(failure('BAD_REQUEST'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure('INTERNAL'));
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(errorCatalogue.NOT_FOUND.status).send(failure('NOT_FOUND'));
  });
});
