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
    if (typeof token === 'string' && token.length > 0) {
      request.sessionToken = token;
      request.user = (await findSessionUser(opts.db, token, opts.idleMinutes)) ?? null;
    }
    if (request.routeOptions.config.public || request.is404) return;
    if (!request.user) throw new AppError('NOT_LOGGED_IN');
  });
});
