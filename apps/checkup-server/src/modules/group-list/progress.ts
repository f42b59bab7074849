import { randomBytes } from 'node:crypto';
import {
  AppError,
  type GROUP_LIST_PHASES,
  type GroupListImportOutcome,
  type GroupListPrepareOutcome,
} from '@checkup/api-contract';

type Phase = (typeof GROUP_LIST_PHASES)[number];

export interface Progress {
  set(phase: 'reading' | 'writing', done: number, total: number): void;
}

type Outcome = { imported: GroupListImportOutcome } | { prepared: GroupListPrepareOutcome };

interface Entry {
  phase: Phase;
  done: number;
  total: number;
  error: string | null;
  outcome: Outcome | null;
  at: number;
}

/** How long a finished task's outcome can still be read; one never finished is dropped after 30 of these. */
const KEPT_MS = 10 * 60_000;

/**
 * The imports and 预登记 running in the background on this server, by account and ticket: the screen
 * polls their progress and then reads their outcome. In memory: a task runs on the server that took
 * it, and the gateway sends the account's polls to the same upstream.
 */
export class GroupListTasks {
  private readonly entries = new Map<string, Entry>();
  private readonly running = new Set<Promise<unknown>>();

  /** Starts `work` in the background; answers its ticket. */
  start(userId: number, work: (progress: Progress) => Promise<Outcome>): string {
    this.sweep();
    const ticket = randomBytes(12).toString('base64url');
    const key = `${userId}:${ticket}`;
    const entry: Entry = { phase: 'reading', done: 0, total: 0, error: null, outcome: null, at: Date.now() };
    this.entries.set(key, entry);
    const progress: Progress = {
      set: (phase, done, total) => Object.assign(entry, { phase, done, total, at: Date.now() }),
    };
    const task = work(progress)
      .then((outcome) => Object.assign(entry, { phase: 'done', outcome, at: Date.now() }))
      .catch((error: unknown) => {
        const message = error instanceof AppError ? error.message : '处理失败，请稍后重试';
        Object.assign(entry, { phase: 'failed', error: message, at: Date.now() });
      })
      .finally(() => this.running.delete(task));
    this.running.add(task);
    return ticket;
  }

  read(userId: number, ticket: string) {
    const entry = this.entries.get(`${userId}:${ticket}`);
    if (!entry) return { phase: null, done: 0, total: 0, error: null, imported: null, prepared: null };
    const outcome = entry.outcome;
    return {
      phase: entry.phase,
      done: entry.done,
      total: entry.total,
      error: entry.error,
      imported: outcome && 'imported' in outcome ? outcome.imported : null,
      prepared: outcome && 'prepared' in outcome ? outcome.prepared : null,
    };
  }

  /** Waits for the tasks still running (the server closing). */
  async settle() {
    await Promise.allSettled([...this.running]);
  }

  private sweep() {
    const now = Date.now();
    for (const [key, entry] of this.entries) {
      const finished = entry.phase === 'done' || entry.phase === 'failed';
      if (now - entry.at > (finished ? KEPT_MS : 30 * KEPT_MS)) this.entries.delete(key);
    }
  }
}
