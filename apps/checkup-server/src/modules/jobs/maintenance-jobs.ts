import { and, inArray, lt } from 'drizzle-orm';
import { SERVER_LOG_KEEP_DAYS } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { jobRuns, jobs } from '../../db/schema.js';
import { deleteIdleSessions } from '../auth/session-repository.js';
import { deleteExpiredIdempotencyKeys } from '../idempotency/db-store.js';
import { BI_REFRESH_EVERY_MS, BI_REFRESH_JOB, refreshStatistics } from '../bi/refresh.js';
import { pruneServerOpLog } from '../system-logs/backend-log.js';
import { ensureScheduled, recurringJob } from './recurring.js';
import type { JobHandler } from './job-runner.js';

export const LOG_CLEANUP_JOB = 'log_cleanup';
export const SESSION_CLEANUP_JOB = 'session_cleanup';
const MAINTENANCE_JOBS = [LOG_CLEANUP_JOB, SESSION_CLEANUP_JOB, BI_REFRESH_JOB];

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The maintenance jobs' own finished rows are kept a week: they recur, and 任务日志 would fill up. */
const MAINTENANCE_KEEP_DAYS = 7;

/** Removes the operation log past its days and the maintenance jobs' own finished rows past a week. */
export async function cleanupLogs(db: Db, now: Date): Promise<void> {
  await pruneServerOpLog(db, new Date(now.getTime() - SERVER_LOG_KEEP_DAYS * DAY_MS));
  await db.transaction(async (tx) => {
    const old = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, MAINTENANCE_JOBS),
          inArray(jobs.state, ['succeeded', 'cancelled']),
          lt(jobs.updatedAt, new Date(now.getTime() - MAINTENANCE_KEEP_DAYS * DAY_MS)),
        ),
      );
    const ids = old.map((j) => j.id);
    if (ids.length === 0) return;
    await tx.delete(jobRuns).where(inArray(jobRuns.jobId, ids));
    await tx.delete(jobs).where(inArray(jobs.id, ids));
  });
}

/**
 * The two recurring maintenance jobs (issue 21): 日志清理 daily, 过期会话清理 hourly (expired sessions
 * and idempotency keys are already refused; this keeps the tables small).
 */
export function maintenanceJobs(db: Db, sessionIdleMinutes: number): Record<string, JobHandler> {
  return {
    [LOG_CLEANUP_JOB]: recurringJob(db, LOG_CLEANUP_JOB, DAY_MS, (ctx) => cleanupLogs(db, ctx.now)),
    [SESSION_CLEANUP_JOB]: recurringJob(db, SESSION_CLEANUP_JOB, HOUR_MS, async () => {
      await deleteIdleSessions(db, sessionIdleMinutes);
      await deleteExpiredIdempotencyKeys(db);
    }),
    // 统计分析's aggregate tables (issue 24), brought up to date incrementally.
    [BI_REFRESH_JOB]: recurringJob(db, BI_REFRESH_JOB, BI_REFRESH_EVERY_MS, async () => {
      await refreshStatistics(db);
    }),
  };
}

/** Starts each maintenance chain unless a run of it already waits (every start of every instance calls this). */
export async function scheduleMaintenanceJobs(db: Db, now = new Date()): Promise<void> {
  for (const kind of MAINTENANCE_JOBS) await ensureScheduled(db, kind, now);
}
