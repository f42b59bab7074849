import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BffConfig } from '../../config.js';
import { createRedisState } from '../../state/redis-state.js';
import { createMemoryState, type SharedState } from '../../state/shared-state.js';

declare module 'fastify' {
  interface FastifyInstance {
    sharedState: SharedState;
  }
}

/** In memory by default; in Redis with REDIS_URL so that several instances behave as one. */
export const sharedStatePlugin = fp(async (app: FastifyInstance, config: BffConfig) => {
  const state = config.REDIS_URL ? createRedisState(config.REDIS_URL, config.REDIS_KEY_PREFIX) : createMemoryState();
  app.decorate('sharedState', state);
  app.addHook('onClose', async () => state.close());
});
