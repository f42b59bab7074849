import type { FastifyInstance } from 'fastify';

/** Liveness, readiness (the upstream and the shared state answer) and Prometheus metrics. */
export async function opsRoutes(app: FastifyInstance) {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const [upstream, sharedState] = await Promise.all([app.upstream.ping(), app.sharedState.ping()]);
    const ready = upstream && sharedState;
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', upstream, sharedState });
  });

  app.get('/metrics', async (_request, reply) =>
    reply.type(app.metrics.registry.contentType).send(await app.metrics.registry.metrics()),
  );
}
