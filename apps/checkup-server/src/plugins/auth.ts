import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  AppError,
  changePasswordRoute,
  mayCall,
  UPSTREAM_TOKEN_HEADER,
  userInfoRoute,
  type Access,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../db/client.js';
import { findSessionUser } from '../modules/auth/session-repository.js';
import { recordAudit } from '../modules/audit/repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserInfo | null;
    sessionToken: string | null;
  }
  interface FastifyContextConfig {
    /** The descriptor's access (issue 17 §1); a route without one does not start. */
    access?: Access;
  }
}

/** What an account that must change its password may still call (logout is public). */
const BEFORE_PASSWORD_CHANGE = new Set([userInfoRoute.path, changePasswordRoute.path]);

/** The access of the route a request matched; an unknown path has none and is closed like any other. */
const accessOf = (request: FastifyRequest): Access | undefined => request.routeOptions.config?.access;

/**
 * Every call is authorised here, before its input is parsed (a refused caller learns nothing of its
 * shape): public calls need nothing; the others a live session; screen-keyed calls a role that opens
 * one of the screens, read afresh on every call so a changed role counts at its holder's next call.
 * A refusal is answered 403 and leaves an audit row.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; idleMinutes: number }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/manager/') && route.config?.access === undefined) {
      throw new Error(`${route.method} ${route.url} declares no access`);
    }
  });

  app.addHook('preHandler', async (request) => {
    const token = request.headers[UPSTREAM_TOKEN_HEADER];
    request.sessionToken = typeof token === 'string' && token.length > 0 ? token : null;
    const access = accessOf(request);
    // Public calls neither need nor extend a session.
    if (access === 'public') return;
    if (request.sessionToken)
      request.user = (await findSessionUser(opts.db, request.sessionToken, opts.idleMinutes)) ?? null;
    const user = request.user;
    if (!user) throw new AppError('NOT_LOGGED_IN');
    // Issue 21: after 重置密码 (or on a new account) nothing else is served until 修改密码.
    if (user.must_change_password && !BEFORE_PASSWORD_CHANGE.has(request.routeOptions.url ?? ''))
      throw new AppError('PASSWORD_CHANGE_REQUIRED');
    // No route matched: the not-found answer follows, to signed-in callers only.
    if (access === undefined) return;
    if (!mayCall({ access }, user.role_menu)) {
      await recordAudit(opts.db, request, 'access_denied', {
        userId: user.id,
        userAccount: user.user_account,
        target: request.routeOptions.url,
        detail: { method: request.method, access },
      });
      throw new AppError('FORBIDDEN');
    }
  });
});
