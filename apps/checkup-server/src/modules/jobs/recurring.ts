import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobs } from '../../db/schema.js';
import { enqueueJob } from './job-queue.js';
import type { JobContext, JobHandler } from './job-runner.js';

/**
 * The runner has no schedule of its own: a recurring job, once it has ended (done, or failed after its
 * last attempt), queues its next run itself. One waiting or running job per kind is enough, so a
 * second instance starting, or a job re-run by hand, does not double the chain.
 */
export async function ensureScheduled(db: Db, kind: string, runAt: Date, exceptJobId?: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [waiting] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, kind),
          inArray(jobs.state, ['pending', 'running']),
          exceptJobId === undefined ? undefined : ne(jobs.id, exceptJobId),
        ),
      )
      .limit(1);
    if (waiting) return false;
    await enqueueJob(tx, { kind, payload: {}, runAt, maxAttempts: 2, backoffSeconds: 300 });
    return true;
  });
}

/** A handler that, once its job has ended either way, queues the next run `everyMs` later. */
export function recurringJob(
  db: Db,
  kind: string,
  everyMs: number,
  work: (ctx: JobContext) => Promise<void>,
): JobHandler {
  const next = (ctx: JobContext) => ensureScheduled(db, kind, new Date(ctx.now.getTime() + everyMs), ctx.jobId);
  return {
    async run(_payload, ctx) {
      await work(ctx);
      await next(ctx);
    },
    async giveUp(_payload, _error, ctx) {
      await next(ctx);
    },
  };
}
