import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { jobRuns, jobs } from '../src/db/schema.js';
import { cancelJob, enqueueJob } from '../src/modules/jobs/job-queue.js';
import { JobRunner, type JobHandler } from '../src/modules/jobs/job-runner.js';
import { describeOnEachDatabase, openTestDatabase, type TestDatabase } from './support/database.js';

/** A clock the test moves by hand. */
function testClock(start = '2026-11-28T01:00:00Z') {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    advance: (seconds: number) => {
      at += seconds * 1000;
    },
  };
}

const jobOf = async (db: Database['db'], id: number) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const runsOf = (db: Database['db'], id: number) =>
  db.select().from(jobRuns).where(eq(jobRuns.jobId, id)).orderBy(jobRuns.attempt);

/** Issue 20: the background job runner — scheduled, retried with a doubling wait, its runs recorded. */
describeOnEachDatabase((target) => {
  let database: TestDatabase;
  let second: Database | null = null;
  const db = () => database.db;

  beforeAll(async () => {
    database = await openTestDatabase(target, { seed: false });
    // A second instance of the server: its own connection pool on PostgreSQL; PGlite has one connection.
    if (database.url) second = await openDatabase({ kind: 'postgres', url: database.url });
  });
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  it('runs a job only once its time has come, and records the run', async () => {
    const clock = testClock();
    const seen: unknown[] = [];
    const runner = new JobRunner({
      db: db(),
      now: clock.now,
      handlers: { t_schedule: { run: async (payload) => void seen.push(payload) } },
    });
    const id = await enqueueJob(db(), {
      kind: 't_schedule',
      payload: { n: 1 },
      runAt: new Date(clock.now().getTime() + 3600_000),
    });

    expect(await runner.runDue()).toBe(0);
    expect((await jobOf(db(), id)).state).toBe('pending');
    clock.advance(3599);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await jobOf(db(), id)).toMatchObject({ state: 'succeeded', attempts: 1, lockedBy: null });
    const runs = await runsOf(db(), id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ attempt: 1, outcome: 'succeeded', error: null, worker: runner.workerId });
    expect(runs[0]!.startedAt.toISOString()).toBe('2026-11-28T02:00:00.000Z');
    expect(runs[0]!.finishedAt).not.toBeNull();
  });

  it('retries a failing job after a doubling wait, then fails it and gives up once', async () => {
    const clock = testClock();
    const givenUp: string[] = [];
    const handler: JobHandler = {
      run: async (_payload, ctx) => {
        throw new Error(`通道不可用（第${ctx.attempt}次）`);
      },
      giveUp: async (_payload, error) => void givenUp.push(error),
    };
    const runner = new JobRunner({ db: db(), now: clock.now, handlers: { t_retry: handler } });
    const id = await enqueueJob(db(), {
      kind: 't_retry',
      payload: {},
      runAt: clock.now(),
      maxAttempts: 3,
      backoffSeconds: 60,
    });

    expect(await runner.runDue()).toBe(1);
    expect(await jobOf(db(), id)).toMatchObject({ state: 'pending', attempts: 1, lastError: '通道不可用（第1次）' });
    expect((await jobOf(db(), id)).runAt.toISOString()).toBe('2026-11-28T01:01:00.000Z');
    clock.advance(59);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    // The second wait is twice the first.
    expect((await jobOf(db(), id)).runAt.toISOString()).toBe('2026-11-28T01:03:00.000Z');
    clock.advance(120);
    expect(await runner.runDue()).toBe(1);
    expect(await jobOf(db(), id)).toMatchObject({ state: 'failed', attempts: 3, lastError: '通道不可用（第3次）' });
    expect(givenUp).toEqual(['通道不可用（第3次）']);
    clock.advance(3600);
    expect(await runner.runDue()).toBe(0);
    expect((await runsOf(db(), id)).map((r) => [r.attempt, r.outcome])).toEqual([
      [1, 'failed'],
      [2, 'failed'],
      [3, 'failed'],
    ]);
  });

  it('does not run a cancelled job, and cannot cancel one that has run', async () => {
    const clock = testClock();
    let ran = 0;
    const runner = new JobRunner({ db: db(), now: clock.now, handlers: { t_cancel: { run: async () => void ran++ } } });
    const waiting = await enqueueJob(db(), { kind: 't_cancel', payload: {}, runAt: clock.now() });
    const done = await enqueueJob(db(), { kind: 't_cancel', payload: {}, runAt: new Date(0) });
    expect(await runner.runDue(1)).toBe(1);
    expect((await jobOf(db(), done)).state).toBe('succeeded');

    expect(await cancelJob(db(), waiting)).toBe(true);
    expect(await cancelJob(db(), waiting)).toBe(false);
    expect(await cancelJob(db(), done)).toBe(false);
    expect(await runner.runDue()).toBe(0);
    expect(ran).toBe(1);
    expect(await jobOf(db(), waiting)).toMatchObject({ state: 'cancelled', attempts: 0 });
    expect(await runsOf(db(), waiting)).toEqual([]);
  });

  it('two runners on one database never run the same job twice', async () => {
    const clock = testClock();
    const ranBy = new Map<number, string[]>();
    const slow = (name: string): JobHandler => ({
      run: async (payload) => {
        const n = (payload as { n: number }).n;
        ranBy.set(n, [...(ranBy.get(n) ?? []), name]);
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    });
    const a = new JobRunner({ db: db(), now: clock.now, handlers: { t_pair: slow('a') }, workerId: 'a' });
    const b = new JobRunner({
      db: (second ?? database).db,
      now: clock.now,
      handlers: { t_pair: slow('b') },
      workerId: 'b',
    });
    for (let n = 0; n < 20; n++) await enqueueJob(db(), { kind: 't_pair', payload: { n }, runAt: clock.now() });

    const [byA, byB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(byA + byB).toBe(20);
    expect([...ranBy.keys()].sort((x, y) => x - y)).toEqual([...Array(20).keys()]);
    expect([...ranBy.values()].every((names) => names.length === 1)).toBe(true);
    const pairRuns = await db()
      .select({ id: jobRuns.id })
      .from(jobRuns)
      .innerJoin(jobs, eq(jobs.id, jobRuns.jobId))
      .where(eq(jobs.kind, 't_pair'));
    expect(pairRuns).toHaveLength(20);
  });

  it('takes over a job whose runner died mid-run once its claim has lapsed', async () => {
    const clock = testClock();
    let finished = 0;
    const id = await enqueueJob(db(), { kind: 't_lease', payload: {}, runAt: clock.now() });
    // As a crashed instance leaves it: running, claimed for five minutes.
    await db()
      .update(jobs)
      .set({ state: 'running', attempts: 1, lockedBy: 'dead', lockedUntil: new Date(clock.now().getTime() + 300_000) })
      .where(eq(jobs.id, id));
    const runner = new JobRunner({
      db: db(),
      now: clock.now,
      handlers: { t_lease: { run: async () => void finished++ } },
    });
    expect(await runner.runDue()).toBe(0);
    clock.advance(300);
    expect(await runner.runDue()).toBe(1);
    expect(await jobOf(db(), id)).toMatchObject({ state: 'succeeded', attempts: 2 });
    expect(finished).toBe(1);
  });

  it('stops polling on stop() after the job in hand', async () => {
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const runner = new JobRunner({
      db: db(),
      pollMs: 10,
      handlers: {
        t_stop: {
          run: async () => {
            runs++;
            await gate;
          },
        },
      },
    });
    await enqueueJob(db(), { kind: 't_stop', payload: {}, runAt: new Date(0) });
    const later = await enqueueJob(db(), { kind: 't_stop', payload: {}, runAt: new Date(0) });
    runner.start();
    await vi.waitFor(() => expect(runs).toBe(1));
    const stopped = runner.stop();
    release();
    await stopped;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(1);
    expect((await jobOf(db(), later)).state).toBe('pending');
  });
});
