import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, DEFAULT_BODY_LIMIT, contractRoutes, failure, isPublic } from '@checkup/api-contract';
import { CACHE_INVALIDATED_BY } from '../../policy/cache-invalidation.js';
import { CACHED_GETS } from '../../policy/cached-gets.js';
import { KIOSK_ONLY_ROUTES } from '../../policy/kiosk-allowlist.js';
import { SHARE_ROUTES } from '../../policy/share-allowlist.js';
import { isDuplicateExempt } from '../../policy/duplicate-exempt.js';
import { createDuplicateGuard, duplicateKey } from '../../plugins/app/duplicate-guard.js';
import { cacheKey } from '../../plugins/app/get-cache.js';
import { replyWith } from '../../plugins/app/reply-with.js';
import type { ForwardRequest, ForwardResult } from '../../plugins/app/upstream.js';

/**
 * Calls answered without a session: the contract's public ones (the login page's, the files the local
 * print service fetches by a short-lived ticket, the hall's queue display), but not the self-print
 * and report-share calls, which only the kiosk (public) port answers, with their own limits.
 */
const PUBLIC_PATHS = new Set(
  contractRoutes
    .filter((r) => isPublic(r) && !KIOSK_ONLY_ROUTES.includes(r) && !SHARE_ROUTES.includes(r))
    .map((r) => r.path),
);

// Calls outside the contract (a hospital's own upstream calls under /manager) keep the limit they had.
const OTHER_CALLS_BODY_LIMIT = 20 * 1024 * 1024;

export interface ProxyOptions {
  duplicateTtlMs: number;
}

function splitUrl(url: string): [string, string] {
  const q = url.indexOf('?');
  return q === -1 ? [url, ''] : [url.slice(0, q), url.slice(q + 1)];
}

/** Everything under /manager/api and /manager/external that the BFF does not answer itself. */
export async function proxyRoutes(app: FastifyInstance, opts: ProxyOptions) {
  const cache = app.getCache;
  const guard = createDuplicateGuard(app.sharedState, opts.duplicateTtlMs);
  const cacheHits = app.metrics.cache.labels('hit');
  const cacheMisses = app.metrics.cache.labels('miss');

  function forwardRequestOf(request: FastifyRequest, reply: FastifyReply): ForwardRequest {
    return {
      method: request.method,
      url: request.url,
      requestId: request.id,
      ip: request.ip,
      token: request.session?.upstreamToken,
      headers: request.headers,
      body: request.body as string | Buffer | undefined,
      client: reply.raw,
    };
  }

  async function cachedGet(request: FastifyRequest, reply: FastifyReply, path: string, query: string) {
    const rule = CACHED_GETS.get(path)!;
    const key = cacheKey(path, query, rule.personal ? request.session!.user.id : null);
    const hit = await cache.get(key);
    if (hit !== null) {
      cacheHits.inc();
      return reply.header('x-cache', 'HIT').type('application/json; charset=utf-8').send(hit);
    }
    cacheMisses.inc();
    let leader = false;
    const shared = await cache.once(key, async () => {
      leader = true;
      const generation = await cache.generation();
      // Shared by every concurrent caller, so one browser closing must not cancel it.
      const result = await app.upstream.forward({ ...forwardRequestOf(request, reply), client: undefined });
      const cacheable = result.kind === 'answer' && result.answer.success && !result.answer.signal;
      if (cacheable) {
        await cache.set(
          key,
          result.answer.rewritten ? JSON.stringify(result.answer.envelope) : result.text,
          generation,
        );
      }
      return { result, cacheable };
    });
    // Only a cacheable answer is everyone's; a refusal (an expired token, say) belongs to the caller
    // who made it, so the others ask with their own session.
    if (leader || shared.cacheable) return replyWith(request, reply, shared.result, 'MISS');
    return replyWith(request, reply, await app.upstream.forward(forwardRequestOf(request, reply)), 'MISS');
  }

  async function guarded(request: FastifyRequest, reply: FastifyReply, path: string) {
    const body = request.body;
    const session = request.session;
    if (!session || isDuplicateExempt(path) || (body !== undefined && typeof body !== 'string')) {
      const result = await app.upstream.forward(forwardRequestOf(request, reply));
      await forgetStale(path, result);
      return replyWith(request, reply, result, 'BYPASS');
    }
    const release = await guard.acquire(
      duplicateKey({ sessionId: session.sid, method: request.method, url: request.url, body: body ?? '' }),
    );
    if (!release) {
      app.metrics.duplicatesRefused.inc();
      // The refusal does not wait for the log line to be stored upstream.
      void app.frontLog.record(request, {
        log_type: 'warn',
        log_source: 'bff-duplicate-guard',
        log_content: JSON.stringify({ message: 'please do not repeat the request', method: request.method, url: path }),
      });
      return reply.status(409).header('x-cache', 'BYPASS').send(failure('DUPLICATE_REQUEST'));
    }
    try {
      const result = await app.upstream.forward(forwardRequestOf(request, reply));
      await forgetStale(path, result);
      return await replyWith(request, reply, result, 'BYPASS');
    } finally {
      await release();
    }
  }

  /** After a call that changes what cached GETs answer, their held answers go before the browser hears back. */
  async function forgetStale(path: string, result: ForwardResult) {
    const stale = CACHE_INVALIDATED_BY.get(path);
    if (!stale || result.kind !== 'answer' || !result.answer.success) return;
    for (const cachedPath of stale) await cache.forget(cachedPath);
  }

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const [path, query] = splitUrl(request.url);
    if (!request.session && !PUBLIC_PATHS.has(path)) throw new AppError('NOT_LOGGED_IN');
    if (request.method === 'GET' && request.session && CACHED_GETS.has(path)) {
      return cachedGet(request, reply, path, query);
    }
    if (request.method === 'GET' || request.method === 'HEAD') {
      return replyWith(request, reply, await app.upstream.forward(forwardRequestOf(request, reply)), 'BYPASS');
    }
    return guarded(request, reply, path);
  }

  // Each call of the contract is refused past its own body limit before anything is forwarded.
  for (const descriptor of contractRoutes) {
    if (app.hasRoute({ method: descriptor.method, url: descriptor.path })) continue;
    app.route({
      method: descriptor.method,
      url: descriptor.path,
      bodyLimit: descriptor.bodyLimit ?? DEFAULT_BODY_LIMIT,
      handler: handle,
      exposeHeadRoute: false,
    });
  }
  for (const prefix of ['/manager/api/*', '/manager/external/*']) {
    app.route({
      method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
      url: prefix,
      bodyLimit: OTHER_CALLS_BODY_LIMIT,
      handler: handle,
      exposeHeadRoute: false,
    });
  }
}
