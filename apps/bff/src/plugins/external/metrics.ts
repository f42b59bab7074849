import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface BffMetrics {
  registry: Registry;
  cache: Counter<'result'>;
  duplicatesRefused: Counter;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: BffMetrics;
  }
}

/** Prometheus metrics: requests, latencies, cache results and refused duplicates. Needs httpPlugin's receivedAt. */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'bff_' });
  // One histogram per route, method and status: its _count series is the request count, so each
  // answer costs one observation rather than a count and an observation.
  const answers = new Histogram({
    name: 'bff_http_request_duration_seconds',
    help: 'Requests answered and their time to answer, by route, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const metrics: BffMetrics = {
    registry,
    cache: new Counter({
      name: 'bff_cache_total',
      help: 'GET cache results',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
    duplicatesRefused: new Counter({
      name: 'bff_duplicates_refused_total',
      help: 'Duplicate POSTs refused',
      registers: [registry],
    }),
  };
  app.decorate('metrics', metrics);

  // prom-client hashes the label object on every call; the child of a label set is looked up once
  // and kept (the set is small: route patterns, not URLs).
  const children = new Map<string, Histogram.Internal<'route' | 'method' | 'status'>>();
  function childOf(route: string, method: string, status: number) {
    const key = `${route}\0${method}\0${status}`;
    let found = children.get(key);
    if (!found) {
      found = answers.labels({ route, method, status: String(status) });
      children.set(key, found);
    }
    return found;
  }

  // Counted when the answer is handed over rather than on the response's end: an onResponse hook
  // makes Fastify listen for the end of every response, which cost more than the counting (bench/bff).
  // The time is therefore time to answer (for a download or an event stream, to its first byte).
  app.addHook('onSend', (request, reply, payload, done) => {
    // The route pattern, not the URL, keeps the label set small.
    const child = childOf(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode);
    // A request refused before routing (a malformed URL) never started the clock.
    child.observe(request.receivedAt ? (performance.now() - request.receivedAt) / 1000 : 0);
    done(null, payload);
  });
});
