import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import { AppError, type jobResource, type JobRun } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { jobRuns, jobs, users } from '../../db/schema.js';
import { addDays, cstTime } from '../../db/demo/dates.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { cancelJob } from './job-queue.js';

const iso = (value: unknown) => (value as Date).toISOString();

/** 任务日志: the jobs, the latest due first, by kind, state and the day they were due. */
export const jobBinding: ResourceBinding<typeof jobResource> = {
  table: jobs,
  id: jobs.id,
  fields: {
    kind: jobs.kind,
    state: jobs.state,
    run_at: jobs.runAt,
    attempts: jobs.attempts,
    max_attempts: jobs.maxAttempts,
    last_error: jobs.lastError,
    created_by_name: users.userName,
    created_at: jobs.createdAt,
    updated_at: jobs.updatedAt,
  },
  joins: [{ table: users, on: eq(users.id, jobs.createdBy) }],
  where: (filter) => [
    filter.kind ? eq(jobs.kind, filter.kind) : undefined,
    filter.state ? eq(jobs.state, filter.state) : undefined,
    filter.date_from ? gte(jobs.runAt, cstTime(filter.date_from, 0)) : undefined,
    filter.date_to ? lt(jobs.runAt, cstTime(addDays(filter.date_to, 1), 0)) : undefined,
  ],
  orderBy: [desc(jobs.runAt), desc(jobs.id)],
  values: () => ({}),
  toRow: (row) => ({
    ...row,
    run_at: iso(row.run_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }),
};

/** Every attempt of a job, the first first. */
export async function runsOf(db: Db, jobId: number): Promise<JobRun[]> {
  const rows = await db
    .select({
      id: jobRuns.id,
      attempt: jobRuns.attempt,
      worker: jobRuns.worker,
      startedAt: jobRuns.startedAt,
      finishedAt: jobRuns.finishedAt,
      outcome: jobRuns.outcome,
      error: jobRuns.error,
    })
    .from(jobRuns)
    .where(eq(jobRuns.jobId, jobId))
    .orderBy(asc(jobRuns.startedAt), asc(jobRuns.id));
  return rows.map((r) => ({
    id: r.id,
    attempt: r.attempt,
    worker: r.worker,
    started_at: r.startedAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
    duration_ms: r.finishedAt ? r.finishedAt.getTime() - r.startedAt.getTime() : null,
    outcome: r.outcome,
    error: r.error,
  }));
}

/** 重新执行: a failed or cancelled job waits again, due now, with all its attempts. */
export async function requeueJob(
  db: Pick<Db, 'update'>,
  id: number,
  now = new Date(),
): Promise<{ kind: string; payload: unknown }> {
  const [job] = await db
    .update(jobs)
    .set({ state: 'pending', runAt: now, attempts: 0, lockedBy: null, lockedUntil: null, updatedAt: now })
    .where(and(eq(jobs.id, id), inArray(jobs.state, ['failed', 'cancelled'])))
    .returning({ kind: jobs.kind, payload: jobs.payload });
  if (!job) throw new AppError('ILLEGAL_TRANSITION', '只能重新执行失败或已取消的任务');
  return job;
}

/** 取消: only a job still waiting. */
export async function cancelWaitingJob(db: Db, id: number): Promise<{ kind: string }> {
  const [job] = await db.select({ kind: jobs.kind }).from(jobs).where(eq(jobs.id, id));
  if (!job) throw new AppError('RECORD_NOT_FOUND', '任务不存在');
  if (!(await cancelJob(db, id))) throw new AppError('ILLEGAL_TRANSITION', '只能取消待执行的任务');
  return job;
}
