import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Logger } from 'pino';
import { DEFAULT_BODY_LIMIT } from '@checkup/api-contract';
import type { BffConfig } from './config.js';
import { docsPlugin } from './plugins/external/docs.js';
import { metricsPlugin } from './plugins/external/metrics.js';
import { rateLimitPlugin } from './plugins/external/rate-limit.js';
import { webStaticPlugin } from './plugins/external/web-static.js';
import { csrfPlugin } from './plugins/app/csrf.js';
import { frontLogPlugin } from './plugins/app/front-log.js';
import { getCachePlugin } from './plugins/app/get-cache.js';
import { frameworkErrors, httpPlugin, requestLimitOptions } from './plugins/app/http.js';
import { sessionPlugin } from './plugins/app/session.js';
import { sharedStatePlugin } from './plugins/app/shared-state.js';
import { upstreamPlugin } from './plugins/app/upstream.js';
import { cacheAdminRoutes } from './routes/admin/cache.js';
import { frontLogRoutes } from './routes/front-log/index.js';
import { loginRoutes } from './routes/login/index.js';
import { opsRoutes } from './routes/ops/index.js';
import { proxyRoutes } from './routes/proxy/index.js';
import { loggingOptions } from './logging.js';

/** Fastify options, and the logger to write through (none: silent). */
export type AppOptions = Omit<FastifyServerOptions, 'logger' | 'loggerInstance'> & {
  log?: Logger;
  /** https on the staff port when a certificate is configured (tls.ts). */
  https?: { cert: Buffer; key: Buffer };
};

/** The staff-facing BFF as an app without listen: external plugins, then app plugins, then routes (STYLE §2). */
export async function buildApp(config: BffConfig, { log, ...options }: AppOptions = {}) {
  const app = Fastify({
    logger: false,
    ...loggingOptions(log),
    genReqId: () => crypto.randomUUID(),
    frameworkErrors,
    ...requestLimitOptions,
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    ...options,
  });
  await app.register(httpPlugin, { accessLog: log?.isLevelEnabled('info') });
  await app.register(metricsPlugin);
  await app.register(sharedStatePlugin, config);
  await app.register(rateLimitPlugin);
  await app.register(docsPlugin, { public: config.DOCS_PUBLIC });
  await app.register(webStaticPlugin, { webDist: config.WEB_DIST, log });
  await app.register(sessionPlugin, config);
  await app.register(csrfPlugin, { allowedOrigins: config.ALLOWED_ORIGINS });
  await app.register(upstreamPlugin, config);
  await app.register(frontLogPlugin);
  await app.register(getCachePlugin, { ttlMs: config.CACHE_TTL_SECONDS * 1000 });

  await app.register(opsRoutes, { metricsToken: config.METRICS_TOKEN });
  await app.register(loginRoutes, { ratePerMinute: config.LOGIN_RATE_LIMIT_PER_MINUTE });
  await app.register(frontLogRoutes, { perMinute: config.FRONT_LOG_RATE_LIMIT_PER_MINUTE });
  await app.register(cacheAdminRoutes, { ttlSeconds: config.CACHE_TTL_SECONDS });
  await app.register(proxyRoutes, { duplicateTtlMs: config.DUPLICATE_LOCK_TTL_SECONDS * 1000 });
  return app;
}
