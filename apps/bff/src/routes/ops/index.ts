import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@checkup/api-contract';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Metrics name the calls and their rates: a scraper on this machine, or one holding the token. */
function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  // The socket's own address: a forwarded header must not turn a remote caller into loopback.
  if (LOOPBACK.has(request.socket.remoteAddress ?? '')) return true;
  if (!token) return false;
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Liveness, readiness (the upstream and the shared state answer) and Prometheus metrics. */
export async function opsRoutes(app: FastifyInstance, opts: { metricsToken?: string }) {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const [upstream, sharedState] = await Promise.all([app.upstream.ping(), app.sharedState.ping()]);
    const ready = upstream && sharedState;
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', upstream, sharedState });
  });

  app.get('/metrics', async (request, reply) => {
    if (!mayReadMetrics(request, opts.metricsToken)) throw new AppError('FORBIDDEN');
    return reply.type(app.metrics.registry.contentType).send(await app.metrics.registry.metrics());
  });
}
