import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobs } from '../../db/schema.js';

type Writer = Pick<Db, 'insert' | 'update'>;

export interface NewJob {
  kind: string;
  payload: unknown;
  runAt: Date;
  maxAttempts?: number;
  backoffSeconds?: number;
  createdBy?: number;
}

/** Puts a job in the table for the runner; inside the caller's transaction, so it exists only if that commits. */
export async function enqueueJob(db: Writer, job: NewJob): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      runAt: job.runAt,
      maxAttempts: job.maxAttempts ?? 3,
      backoffSeconds: job.backoffSeconds ?? 60,
      createdBy: job.createdBy ?? null,
    })
    .returning({ id: jobs.id });
  return row!.id;
}

/** Cancels a job still waiting; false when it has already started, ended or been cancelled. */
export async function cancelJob(db: Writer, id: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: 'cancelled', updatedAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'pending')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}
