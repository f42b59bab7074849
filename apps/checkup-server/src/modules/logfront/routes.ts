import type { FastifyInstance } from 'fastify';
import { addLogRoute, frontLogResource } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { serveResource } from '../../lib/resource/serve-resource.js';
import { frontLogBinding } from './front-log.js';
import { insertFrontLog } from './repository.js';

/** Spec §7: the web app reports its errors and duplicate-request warnings here, under the user's session. */
export async function logfrontRoutes(app: FastifyInstance, opts: { db: Db }) {
  defineRoute(app, addLogRoute, async ({ input, user, request }) => {
    await insertFrontLog(opts.db, {
      logType: input.log_type,
      operatorId: input.operator_id,
      logSource: input.log_source,
      logContent: input.log_content,
      userId: user.id,
      ip: request.ip,
    });
    return null;
  });

  // 前端日志 (cfg/log_front): what the browsers reported, for whoever supports the system.
  serveResource(app, opts.db, frontLogResource, frontLogBinding);
}
