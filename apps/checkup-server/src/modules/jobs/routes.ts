import type { FastifyInstance } from 'fastify';
import { cancelJobRoute, jobResource, jobRunsRoute, rerunJobRoute } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { serveResource } from '../../lib/resource/serve-resource.js';
import { recordAudit } from '../audit/repository.js';
import { cancelWaitingJob, jobBinding, runsOf } from './job-log.js';
import { rerunJob } from './rerun.js';

/** 任务日志 (management_data/job_logging): the jobs, their runs, 重新执行 and 取消, each change audited. */
export async function jobLogRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  serveResource(app, db, jobResource, jobBinding);

  defineRoute(app, jobRunsRoute, ({ input }) => runsOf(db, input.id));

  defineRoute(app, rerunJobRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const job = await rerunJob(tx, input.id);
      await recordAudit(tx, request, 'job_rerun', {
        userId: user.id,
        userAccount: user.user_account,
        target: `job:${input.id}`,
        detail: { kind: job.kind },
      });
      return null;
    }),
  );

  defineRoute(app, cancelJobRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const job = await cancelWaitingJob(tx, input.id);
      await recordAudit(tx, request, 'job_cancel', {
        userId: user.id,
        userAccount: user.user_account,
        target: `job:${input.id}`,
        detail: { kind: job.kind },
      });
      return null;
    }),
  );
}
