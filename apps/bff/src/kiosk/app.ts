import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { AppError, maskUrl, reportShareOpenRoute, selfPrintFindExamineeRoute } from '@checkup/api-contract';
import type { AppOptions } from '../app.js';
import type { BffConfig } from '../config.js';
import { loggingOptions } from '../logging.js';
import { csrfPlugin } from '../plugins/app/csrf.js';
import { frameworkErrors, httpPlugin, requestLimitOptions } from '../plugins/app/http.js';
import { replyWith } from '../plugins/app/reply-with.js';
import { sharedStatePlugin } from '../plugins/app/shared-state.js';
import { upstreamPlugin } from '../plugins/app/upstream.js';
import { rateLimitPlugin } from '../plugins/external/rate-limit.js';
import { webStaticPlugin } from '../plugins/external/web-static.js';
import { judgeKioskRequest } from './guard.js';

/**
 * The kiosk listener (issue 3 §8), the gateway's public profile: the self-print pages and an
 * allowlist of self-print calls, and the report-share page with its own (issue 20), with no staff
 * session; anything else is refused and audited.
 */
export async function buildKioskApp(config: BffConfig, { log, ...options }: AppOptions = {}) {
  const app = Fastify({
    logger: false,
    ...loggingOptions(log),
    genReqId: () => crypto.randomUUID(),
    frameworkErrors,
    ...requestLimitOptions,
    bodyLimit: 64 * 1024,
    trustProxy: config.TRUST_PROXY,
    ...options,
  });
  await app.register(httpPlugin, { accessLog: log?.isLevelEnabled('info') });

  app.addHook('onRequest', async (request) => {
    const verdict = judgeKioskRequest(request.method, request.raw.url ?? '', request.headers);
    if (verdict.allowed) return;
    request.log.warn(
      {
        audit: 'kiosk_refused',
        reason: verdict.reason,
        method: request.method,
        url: maskUrl(request.raw.url ?? ''),
        ip: request.ip,
      },
      'kiosk request refused',
    );
    throw new AppError('KIOSK_FORBIDDEN');
  });

  await app.register(sharedStatePlugin, config);
  await app.register(rateLimitPlugin);
  await app.register(webStaticPlugin, { webDist: config.WEB_DIST, log });
  await app.register(csrfPlugin, { allowedOrigins: config.ALLOWED_ORIGINS });
  await app.register(upstreamPlugin, config);

  async function forward(request: FastifyRequest, reply: FastifyReply) {
    const result = await app.upstream.forward({
      method: request.method,
      url: request.url,
      requestId: request.id,
      ip: request.ip,
      headers: request.headers,
      body: request.body as string | Buffer | undefined,
      client: reply.raw,
    });
    return replyWith(request, reply, result, 'BYPASS');
  }

  app.route({ method: ['GET', 'POST'], url: '/manager/api/*', handler: forward });
  // Issue 17 §2: an ID number finds a person's reports, so a kiosk may not try them in quick succession.
  app.post(
    selfPrintFindExamineeRoute.path,
    {
      config: {
        rateLimit: {
          max: config.KIOSK_LOOKUPS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) => `kiosk-lookup:${request.ip}`,
          errorResponseBuilder: () => new AppError('KIOSK_LOOKUP_LIMITED'),
        },
      },
    },
    forward,
  );
  // Issue 20: a share link's extraction code is short, so one address may not try many in a row.
  app.post(
    reportShareOpenRoute.path,
    {
      config: {
        rateLimit: {
          max: config.SHARE_OPENS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) => `share-open:${request.ip}`,
          errorResponseBuilder: () => new AppError('SHARE_OPEN_LIMITED'),
        },
      },
    },
    forward,
  );
  return app;
}
