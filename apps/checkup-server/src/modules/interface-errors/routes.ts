import type { FastifyInstance } from 'fastify';
import { and, eq, lt, ne } from 'drizzle-orm';
import {
  AppError,
  INTERFACE_ERROR_STATE_LABELS,
  interfaceErrorAbandonRoute,
  interfaceErrorCleanRoute,
  interfaceErrorResource,
  interfaceErrorRetryRoute,
  type InterfaceErrorState,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { interfaceErrors, jobs } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { serveResource, type Tx } from '../../lib/resource/serve-resource.js';
import { recordAudit } from '../audit/repository.js';
import { rerunJob } from '../jobs/rerun.js';
import { interfaceErrorBinding } from './binding.js';
import type { RetryPlan } from './recorder.js';

const DAY_MS = 86_400_000;

/** 接口错误日志: the list, 重试 of what a job can send again, 放弃, and 清理 of old rows. */
export function interfaceErrorRoutes(app: FastifyInstance, db: Db) {
  serveResource(app, db, interfaceErrorResource, interfaceErrorBinding);

  /** The row, locked, while it still waits for a retry. */
  async function openRow(tx: Tx, id: number, doing: string) {
    const [row] = await tx.select().from(interfaceErrors).where(eq(interfaceErrors.id, id)).for('update');
    if (!row) throw new AppError('RECORD_NOT_FOUND', '该接口错误记录不存在或已被清理');
    if (row.state !== 'pending') {
      const state = INTERFACE_ERROR_STATE_LABELS[row.state as InterfaceErrorState] ?? row.state;
      throw new AppError('ILLEGAL_TRANSITION', `该调用${state}，不能再${doing}`);
    }
    return row;
  }

  defineRoute(app, interfaceErrorRetryRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const row = await openRow(tx, input.id, '重试');
      const plan = row.retry as RetryPlan | null;
      if (!plan) throw new AppError('ILLEGAL_TRANSITION', '该调用不能在此重试，请在原功能中重新操作（例如报告发送）');
      const jobId = plan.job_id;
      const [job] = await tx.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, jobId)).for('update');
      // While the runner still tries it, a second run could send it twice.
      if (job?.state === 'pending' || job?.state === 'running')
        throw new AppError('ILLEGAL_TRANSITION', '该调用仍在自动重试中，请稍后刷新再看');
      // The same job again, with its attempts (任务日志's 重新执行): a failure comes back to this row.
      await rerunJob(tx, jobId);
      await tx.update(interfaceErrors).set({ updatedAt: new Date() }).where(eq(interfaceErrors.id, row.id));
      await recordAudit(tx, request, 'interface_error_retry', {
        userId: user.id,
        userAccount: user.user_account,
        target: `interface_error:${row.id}`,
        detail: { call: row.callName, job_id: jobId },
      });
      return { id: row.id, message: `已重新排入后台任务（任务号${jobId}），稍后刷新查看结果` };
    }),
  );

  defineRoute(app, interfaceErrorAbandonRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const row = await openRow(tx, input.id, '放弃');
      await tx
        .update(interfaceErrors)
        .set({ state: 'abandoned', updatedAt: new Date() })
        .where(eq(interfaceErrors.id, row.id));
      await recordAudit(tx, request, 'interface_error_abandon', {
        userId: user.id,
        userAccount: user.user_account,
        target: `interface_error:${row.id}`,
        detail: { call: row.callName },
      });
      return { id: row.id };
    }),
  );

  defineRoute(app, interfaceErrorCleanRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const before = new Date(Date.now() - input.days * DAY_MS);
      // A call still waiting for its retry stays, however old.
      const removed = await tx
        .delete(interfaceErrors)
        .where(and(lt(interfaceErrors.occurredAt, before), ne(interfaceErrors.state, 'pending')))
        .returning({ id: interfaceErrors.id });
      await recordAudit(tx, request, 'interface_error_clean', {
        userId: user.id,
        userAccount: user.user_account,
        target: 'interface_errors',
        detail: { days: input.days, removed: removed.length },
      });
      return { removed: removed.length };
    }),
  );
}
