import type { FastifyInstance } from 'fastify';
import { clearServerOpLogRoute, loginLogResource, serverOpLogResource } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { serverOpLogs } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { serveResource } from '../../lib/resource/serve-resource.js';
import { recordAudit } from '../audit/repository.js';
import { loginLogBinding, serverOpLogBinding } from './backend-log.js';

/** 后端日志 (cfg/log_backend): the operation log, its 清空, and the login log. */
export async function backendLogRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  serveResource(app, db, serverOpLogResource, serverOpLogBinding);
  serveResource(app, db, loginLogResource, loginLogBinding);

  defineRoute(app, clearServerOpLogRoute, async ({ user, request }) =>
    db.transaction(async (tx) => {
      const removed = await tx.$count(serverOpLogs);
      await tx.delete(serverOpLogs);
      await recordAudit(tx, request, 'backend_log_clear', {
        userId: user.id,
        userAccount: user.user_account,
        detail: { removed },
      });
      return { removed };
    }),
  );
}
