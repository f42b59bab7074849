import type { GROUP_LIST_PHASES } from '@checkup/api-contract';

type Phase = (typeof GROUP_LIST_PHASES)[number];

export interface Progress {
  set(phase: Phase, done: number, total: number): void;
}

interface Entry {
  phase: Phase;
  done: number;
  total: number;
  at: number;
}

/** How long a finished import's progress can still be read. */
const KEPT_MS = 60_000;

/**
 * The progress of imports under way on this server, by account and the ticket the web chose: the
 * screen polls it while its upload request waits. In memory: an import runs in one request on one
 * server, and its progress is worth nothing once that request has answered.
 */
export class ImportProgress {
  private readonly entries = new Map<string, Entry>();

  tracker(userId: number, ticket: string | undefined): Progress | undefined {
    if (!ticket) return undefined;
    const key = `${userId}:${ticket}`;
    return {
      set: (phase, done, total) => {
        this.sweep();
        this.entries.set(key, { phase, done, total, at: Date.now() });
      },
    };
  }

  read(userId: number, ticket: string) {
    const entry = this.entries.get(`${userId}:${ticket}`);
    return entry ? { phase: entry.phase, done: entry.done, total: entry.total } : { phase: null, done: 0, total: 0 };
  }

  private sweep() {
    const now = Date.now();
    for (const [key, entry] of this.entries) {
      if ((entry.phase === 'done' && now - entry.at > KEPT_MS) || now - entry.at > 30 * KEPT_MS) this.entries.delete(key);
    }
  }
}
