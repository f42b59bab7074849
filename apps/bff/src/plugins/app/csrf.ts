import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, contractRoutes, writesState } from '@checkup/api-contract';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The GETs that change state (spec §7 keeps the department sign calls as GETs): checked like a POST. */
const WRITING_GETS = new Set(contractRoutes.filter((r) => r.method === 'GET' && writesState(r)).map((r) => r.path));

const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

function originOf(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  // An opaque origin (sandboxed frame, data: page) is refused outright, whatever its Referer says.
  if (origin === 'null') return null;
  if (typeof origin === 'string') return origin;
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/** The origin names the host the request came to, default ports made explicit on both sides. */
function sameHost(origin: string, hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  if (origin === `http://${hostHeader}` || origin === `https://${hostHeader}`) return true;
  try {
    const from = new URL(origin);
    const to = new URL(`${from.protocol}//${hostHeader}`);
    return from.host === to.host;
  } catch {
    return false;
  }
}

/**
 * CSRF defence on every state-changing request (issue 3 §2), whatever its method (issue 17 §2): its
 * Origin, or else its Referer, must be this host or a configured origin. SameSite=Strict cookies are
 * the first line.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, opts: { allowedOrigins: string[] }) => {
  const allowed = new Set(opts.allowedOrigins);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/manager/')) return done();
    if (SAFE_METHODS.has(request.method) && !WRITING_GETS.has(pathOf(request.url))) return done();
    const origin = originOf(request);
    if (origin && (allowed.has(origin) || sameHost(origin, request.headers.host))) return done();
    done(new AppError('CSRF_REJECTED'));
  });
});
