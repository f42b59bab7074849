import type { FastifyInstance } from 'fastify';
import {
  AppError,
  OPERATION_LOG_ACTIONS,
  OPERATION_LOG_SCREENS,
  mayOpen,
  operationLogListRoute,
  type OperationLogRow,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { searchAudit } from './repository.js';

/** 系统操作日志 and 业务操作日志 (cfg): the audit log, each screen its own actions, to whom it is opened. */
export async function auditRoutes(app: FastifyInstance, opts: { db: Db }) {
  defineRoute(app, operationLogListRoute, async ({ input, user }) => {
    if (!mayOpen(OPERATION_LOG_SCREENS[input.category], user.role_menu)) throw new AppError('FORBIDDEN');
    const { rows, total } = await searchAudit(opts.db, {
      actions: Object.keys(OPERATION_LOG_ACTIONS[input.category]),
      action: input.action,
      dateFrom: input.date_from,
      dateTo: input.date_to,
      key: input.key,
      page: input.page,
      size: input.size,
    });
    return {
      list: rows.map((r): OperationLogRow => ({
        id: r.id,
        action: r.action,
        user_account: r.userAccount,
        user_name: r.userName,
        target: r.target,
        detail: r.detail === null || r.detail === undefined ? null : JSON.stringify(r.detail),
        ip: r.ip,
        created_at: r.createdAt.toISOString(),
      })),
      total,
      page: input.page,
      size: input.size,
    };
  });
}
