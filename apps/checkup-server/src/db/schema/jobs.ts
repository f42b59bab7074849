import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Background jobs (issue 20: notices at a set time): what to run, when, and how often to try. The
 * server process polls this table (modules/jobs/job-runner.ts); a claim takes the row with
 * FOR UPDATE SKIP LOCKED, so two instances on one PostgreSQL never run one job twice.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which handler runs it, e.g. report_notice_sms. */
    kind: varchar('kind', { length: 32 }).notNull(),
    payload: jsonb('payload').notNull(),
    /** pending 待执行, running 执行中, succeeded 成功, failed 失败, cancelled 已取消 (contract JOB_STATES) */
    state: varchar('state', { length: 12 }).notNull().default('pending'),
    /** When it is due; after a failed attempt, when it is tried again. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    /** The wait after the first failed attempt, doubled after each further one. */
    backoffSeconds: integer('backoff_seconds').notNull().default(60),
    lastError: text('last_error'),
    /** While running: the instance that claimed it and until when; a claim past this is taken over. */
    lockedBy: varchar('locked_by', { length: 64 }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_due_idx').on(t.state, t.runAt)],
);

/** Every attempt of a job: when it started and ended, and how it went. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => jobs.id),
    attempt: integer('attempt').notNull(),
    /** The instance that ran it. */
    worker: varchar('worker', { length: 64 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** succeeded 成功, failed 失败; null while it runs */
    outcome: varchar('outcome', { length: 12 }),
    error: text('error'),
  },
  (t) => [index('job_runs_job_idx').on(t.jobId, t.startedAt)],
);
