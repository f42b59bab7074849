import Fastify, { type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import type { Db } from './db/client.js';
import { requestIdOf } from './lib/request-id.js';
import { authPlugin } from './plugins/auth.js';
import { httpPlugin } from './plugins/http.js';
import { authRoutes } from './modules/auth/routes.js';
import type { PasswordKeys } from './modules/auth/keys.js';
import { commondataRoutes } from './modules/commondata/routes.js';

export interface AppDeps {
  db: Db;
  keys: PasswordKeys;
  sessionIdleMinutes: number;
}

/** The checkup server as an app without listen, so tests can use inject (STYLE §2). */
export async function buildApp(deps: AppDeps, options: FastifyServerOptions = {}) {
  const app = Fastify({
    logger: false,
    requestIdHeader: false,
    genReqId: requestIdOf,
    ...options,
  });
  await app.register(formbody);
  await app.register(httpPlugin);
  await app.register(authPlugin, { db: deps.db, idleMinutes: deps.sessionIdleMinutes });
  await app.register(authRoutes, { db: deps.db, keys: deps.keys });
  await app.register(commondataRoutes, { db: deps.db });
  return app;
}
