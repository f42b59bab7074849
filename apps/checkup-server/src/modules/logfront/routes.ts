import type { FastifyInstance } from 'fastify';
import { addLogRoute, frontLogListRoute, type FrontLogRow } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { insertFrontLog, searchFrontLogs } from './repository.js';

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
  defineRoute(app, frontLogListRoute, async ({ input }) => {
    const { rows, total } = await searchFrontLogs(opts.db, {
      logType: input.log_type,
      dateFrom: input.date_from,
      dateTo: input.date_to,
      source: input.log_source,
      key: input.key,
      page: input.page,
      size: input.size,
    });
    return {
      list: rows.map((r): FrontLogRow => ({
        id: r.id,
        log_type: r.logType as FrontLogRow['log_type'],
        log_source: r.logSource,
        log_content: r.logContent,
        user_account: r.userAccount,
        user_name: r.userName,
        ip: r.ip,
        created_at: r.createdAt.toISOString(),
      })),
      total,
      page: input.page,
      size: input.size,
    };
  });
}
