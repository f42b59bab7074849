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
  const requests = new Counter({
    name: 'bff_http_requests_total',
    help: 'Requests answered, by route, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'bff_http_request_duration_seconds',
    help: 'Time to answer, by route',
    labelNames: ['route'] as const,
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

  // prom-client hashes the label object on every call; the children of a label set are looked up
  // once and kept (the set is small: route patterns, not URLs).
  const children = new Map<string, { count: Counter.Internal; time: Histogram.Internal<'route'> }>();
  function childrenOf(route: string, method: string, status: number) {
    const key = `${route}\0${method}\0${status}`;
    let found = children.get(key);
    if (!found) {
      found = {
        count: requests.labels({ route, method, status: String(status) }),
        time: latency.labels({ route }),
      };
      children.set(key, found);
    }
    return found;
  }

  // Counted when the answer is handed over rather than on the response's end: an onResponse hook
  // makes Fastify listen for the end of every response, which cost more than the counting (bench/bff).
  // The time is therefore time to answer (for a download or an event stream, to its first byte).
  app.addHook('onSend', (request, reply, payload, done) => {
    // The route pattern, not the URL, keeps the label set small.
    const { count, time } = childrenOf(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode);
    count.inc();
    // A request refused before routing (a malformed URL) never started the clock.
    if (request.receivedAt) time.observe((performance.now() - request.receivedAt) / 1000);
    done(null, payload);
  });
});
