import type { FastifyInstance } from 'fastify';
import { userSimpleListRoute } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { listActiveUsers } from './repository.js';

/** Spec §7 user_simple_list: the colleagues pickers offer (the BFF caches it, spec §7 whitelist). */
export async function userRoutes(app: FastifyInstance, opts: { db: Db }) {
  defineRoute(app, userSimpleListRoute, () => listActiveUsers(opts.db));
}
