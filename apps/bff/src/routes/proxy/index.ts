import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, UPSTREAM_TOKEN_HEADER, failure, publicKeyRoute, versionRoute } from '@checkup/api-contract';
import { upstreamFailure } from '../../plugins/app/upstream.js';

/** Calls answered without a session: the login page needs them before anyone is known. */
const PUBLIC_PATHS = new Set([publicKeyRoute.path, versionRoute.path]);

// Headers that belong to the browser leg only.
const DROPPED_REQUEST_HEADERS = ['cookie', 'authorization', UPSTREAM_TOKEN_HEADER, 'origin', 'referer'];

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** Everything else under /manager/api and /manager/external goes to the checkup server. */
export async function proxyRoutes(app: FastifyInstance) {
  async function forward(request: FastifyRequest, reply: FastifyReply) {
    const session = request.session;
    if (!session && !PUBLIC_PATHS.has(pathOf(request.url))) throw new AppError('NOT_LOGGED_IN');

    return reply.from(request.url, {
      rewriteRequestHeaders: (_req, headers) => {
        const next: Record<string, string | string[] | undefined> = { ...headers };
        for (const name of DROPPED_REQUEST_HEADERS) delete next[name];
        next['x-request-id'] = request.id;
        next['x-forwarded-for'] = request.ip;
        if (session) next[UPSTREAM_TOKEN_HEADER] = session.upstreamToken;
        return next;
      },
      onResponse: (_req, res, upstream) => {
        // The checkup server ended the session (idle, disabled account): end ours too.
        if (upstream.statusCode === 401) {
          const sid = app.sessionCookie.read(request);
          if (sid) app.sessions.destroy(sid);
        }
        res.send(upstream.stream);
      },
      onError: (res, { error }) => {
        request.log.warn({ err: error }, 'upstream call failed');
        const failed = upstreamFailure(error);
        res.status(failed.status).send(failure(failed.code));
      },
    });
  }

  for (const prefix of ['/manager/api/*', '/manager/external/*']) {
    app.route({ method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'], url: prefix, handler: forward });
  }
}
