import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '@checkup/api-contract';

/**
 * @fastify/rate-limit for the routes that name a limit (login, front-end log, the kiosk's look-up),
 * counted in Redis when the shared state is there, so that several instances count as one.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const state = app.sharedState as { kind: string; client?: unknown };
  await app.register(rateLimit, {
    global: false,
    ...(state.kind === 'redis' ? { redis: state.client as never } : {}),
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS'),
  });
});
