import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobRuns, jobs } from '../../db/schema.js';

/** What a handler is told about the attempt it runs. */
export interface JobContext {
  jobId: number;
  /** 1 for the first try. */
  attempt: number;
  maxAttempts: number;
  /** The runner's clock, so a handler's times agree with the schedule in tests. */
  now: Date;
}

/** One kind of job: run it (a throw fails the attempt), and what to do once no attempt is left. */
export interface JobHandler {
  run(payload: unknown, ctx: JobContext): Promise<void>;
  giveUp?(payload: unknown, error: string, ctx: JobContext): Promise<void>;
}

export interface JobRunnerLogger {
  warn(record: object, message: string): void;
}

export interface JobRunnerOptions {
  db: Db;
  handlers: Readonly<Record<string, JobHandler>>;
  /** Injectable for tests: every due-time comparison and recorded time reads it. */
  now?: () => Date;
  /** How often the table is polled. */
  pollMs?: number;
  /** How long a claim holds: a job still running after this (its instance died) is claimed again. */
  leaseMs?: number;
  /** Names the instance in claims and runs. */
  workerId?: string;
  log?: JobRunnerLogger;
}

const MAX_ERROR_LENGTH = 2000;
const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH) || '未知错误';

/**
 * The background job runner of the server process (issue 20). Why not a library: pg-boss and
 * graphile-worker keep their own schema and connections and need a real PostgreSQL server (pg-boss
 * runs on PGlite only through a hand-made client, pg-boss#563); the embedded PGlite is the default
 * here. This is the small runner the notices need: poll, claim with SKIP LOCKED, run, record the
 * run, retry with a doubling wait.
 */
export class JobRunner {
  private readonly db: Db;
  private readonly handlers: Readonly<Record<string, JobHandler>>;
  private readonly now: () => Date;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  readonly workerId: string;
  private readonly log?: JobRunnerLogger;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopping = false;
  private current: Promise<unknown> | null = null;

  constructor(options: JobRunnerOptions) {
    this.db = options.db;
    this.handlers = options.handlers;
    this.now = options.now ?? (() => new Date());
    this.pollMs = options.pollMs ?? 2_000;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.log = options.log;
  }

  /** Polls until stop(); a failing poll is logged and tried again at the next tick. */
  start(): void {
    this.stopping = false;
    const tick = () => {
      this.current = this.runDue()
        .catch((err: unknown) => this.log?.warn({ err }, 'job poll failed'))
        .finally(() => {
          this.current = null;
          if (!this.stopping) this.timer = setTimeout(tick, this.pollMs);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  /** Stops polling and waits for the job in hand; nothing new is claimed meanwhile. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.current;
  }

  /** Runs the due jobs one by one until none is left (or the runner stops); answers how many ran. */
  async runDue(limit = 100): Promise<number> {
    let ran = 0;
    while (ran < limit && !this.stopping) {
      const job = await this.claim();
      if (!job) break;
      await this.execute(job);
      ran += 1;
    }
    return ran;
  }

  /** Takes the earliest due job of a known kind, or one whose claim has lapsed, for this instance. */
  private async claim() {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            inArray(jobs.kind, Object.keys(this.handlers)),
            or(
              and(eq(jobs.state, 'pending'), lte(jobs.runAt, now)),
              and(eq(jobs.state, 'running'), lte(jobs.lockedUntil, now)),
            ),
          ),
        )
        .orderBy(asc(jobs.runAt), asc(jobs.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return null;
      const [job] = await tx
        .update(jobs)
        .set({
          state: 'running',
          attempts: sql`${jobs.attempts} + 1`,
          lockedBy: this.workerId,
          lockedUntil: new Date(now.getTime() + this.leaseMs),
          updatedAt: now,
        })
        .where(eq(jobs.id, due.id))
        .returning();
      const [run] = await tx
        .insert(jobRuns)
        .values({ jobId: job!.id, attempt: job!.attempts, worker: this.workerId, startedAt: now })
        .returning({ id: jobRuns.id });
      return { ...job!, runId: run!.id };
    });
  }

  private async execute(job: typeof jobs.$inferSelect & { runId: number }) {
    const ctx: JobContext = { jobId: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts, now: this.now() };
    let error: string | null = null;
    try {
      await this.handlers[job.kind]!.run(job.payload, ctx);
    } catch (err) {
      error = errorText(err);
    }
    const finishedAt = this.now();
    const lastAttempt = job.attempts >= job.maxAttempts;
    if (error !== null && lastAttempt) {
      try {
        await this.handlers[job.kind]!.giveUp?.(job.payload, error, ctx);
      } catch (err) {
        this.log?.warn({ err, job_id: job.id }, 'job give-up handler failed');
      }
    }
    const retryAt = new Date(finishedAt.getTime() + job.backoffSeconds * 1000 * 2 ** (job.attempts - 1));
    await this.db.transaction(async (tx) => {
      await tx
        .update(jobRuns)
        .set({ finishedAt, outcome: error === null ? 'succeeded' : 'failed', error })
        .where(eq(jobRuns.id, job.runId));
      await tx
        .update(jobs)
        .set({
          state: error === null ? 'succeeded' : lastAttempt ? 'failed' : 'pending',
          runAt: error !== null && !lastAttempt ? retryAt : job.runAt,
          lastError: error ?? job.lastError,
          lockedBy: null,
          lockedUntil: null,
          updatedAt: finishedAt,
        })
        // Only while this instance still holds it (a lapsed claim may have passed to another).
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId)));
    });
  }
}
