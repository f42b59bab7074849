import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { BffConfig } from '../../config.js';
import { createSessionStore, type BffSession, type SessionStore } from './session-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    sessionCookie: {
      read(request: FastifyRequest): string | undefined;
      set(reply: FastifyReply, sid: string): void;
      clear(reply: FastifyReply): void;
    };
  }
  interface FastifyRequest {
    session: BffSession | null;
  }
}

/** The browser session: an opaque id in an HttpOnly, SameSite=Strict cookie. */
export const sessionPlugin = fp(async (app: FastifyInstance, config: BffConfig) => {
  // Cookies are read where they are needed (the session id, below), not parsed on every request.
  await app.register(cookie, { hook: false });
  // The __Host- prefix makes a browser refuse the cookie unless it is Secure, path /, host-only.
  const name = config.COOKIE_SECURE ? '__Host-checkup_sid' : 'checkup_sid';
  const options = { path: '/', httpOnly: true, sameSite: 'strict' as const, secure: config.COOKIE_SECURE };

  app.decorate(
    'sessions',
    createSessionStore(app.sharedState, {
      idleMs: config.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    }),
  );
  app.decorate('sessionCookie', {
    read: (request: FastifyRequest) => {
      const header = request.headers.cookie;
      return header ? app.parseCookie(header)[name] : undefined;
    },
    set: (reply: FastifyReply, sid: string) => {
      reply.setCookie(name, sid, options);
    },
    clear: (reply: FastifyReply) => {
      reply.clearCookie(name, options);
    },
  });

  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/manager/')) return;
    const sid = app.sessionCookie.read(request);
    request.session = sid ? ((await app.sessions.touch(sid)) ?? null) : null;
  });
});
