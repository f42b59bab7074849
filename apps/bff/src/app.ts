import Fastify, { type FastifyServerOptions } from 'fastify';
import type { BffConfig } from './config.js';
import { webStaticPlugin } from './plugins/external/web-static.js';
import { httpPlugin } from './plugins/app/http.js';
import { sessionPlugin } from './plugins/app/session.js';
import { upstreamPlugin } from './plugins/app/upstream.js';
import { loginRoutes } from './routes/login/index.js';
import { proxyRoutes } from './routes/proxy/index.js';

/** The BFF as an app without listen: external plugins, then app plugins, then routes (STYLE §2). */
export async function buildApp(config: BffConfig, options: FastifyServerOptions = {}) {
  const app = Fastify({
    logger: false,
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 20 * 1024 * 1024,
    ...options,
  });
  await app.register(webStaticPlugin, { webDist: config.WEB_DIST });
  await app.register(httpPlugin);
  await app.register(sessionPlugin, config);
  await app.register(upstreamPlugin, config);
  await app.register(loginRoutes);
  await app.register(proxyRoutes);
  return app;
}
