/** Remembers the api_nonce of every accepted signed request so a replay is refused (spec §7). */
export interface NonceStore {
  /** True the first time a nonce is claimed within ttlMs; false for every later claim. */
  claim(nonce: string, ttlMs: number): Promise<boolean>;
  close(): Promise<void>;
}

const SWEEP_EVERY_MS = 30_000;

/**
 * One process's memory: enough for a single checkup server. Several instances behind one BFF
 * need the Redis store, or a nonce used on one instance could be replayed on another.
 */
export class MemoryNonceStore implements NonceStore {
  private readonly expiries = new Map<string, number>();
  private nextSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async claim(nonce: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    this.sweep(now);
    const until = this.expiries.get(nonce);
    if (until !== undefined && until > now) return false;
    this.expiries.set(nonce, now + ttlMs);
    return true;
  }

  /** How many nonces are remembered; for tests of the sweep. */
  get size(): number {
    return this.expiries.size;
  }

  async close(): Promise<void> {
    this.expiries.clear();
  }

  // Swept on use rather than on a timer, so an idle store holds no timer that keeps a process alive.
  private sweep(now: number) {
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    for (const [nonce, until] of this.expiries) if (until <= now) this.expiries.delete(nonce);
  }
}
