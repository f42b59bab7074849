import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, UPSTREAM_TOKEN_HEADER, type UserInfo } from '@checkup/api-contract';
import type { Db } from '../db/client.js';
import { findSessionUser } from '../modules/auth/session-repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserInfo | null;
    sessionToken: string | null;
  }
  interface FastifyContextConfig {
    public?: boolean;
  }
}

/** Every route is closed unless its descriptor says public (deny by default). */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; idleMinutes: number }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('preHandler', async (request) => {
    const token = request.headers[UPSTREAM_TOKEN_HEADER];
    request.sessionToken = typeof token === 'string' && token.length > 0 ? token : null;
    // Public calls neither need nor extend a session; an unknown path is closed like any other.
    if (request.routeOptions.config?.public) return;
    if (request.sessionToken)
      request.user = (await findSessionUser(opts.db, request.sessionToken, opts.idleMinutes)) ?? null;
    if (!request.user) throw new AppError('NOT_LOGGED_IN');
  });
});
