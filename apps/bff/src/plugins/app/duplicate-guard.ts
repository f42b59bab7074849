import { hash, randomBytes } from 'node:crypto';
import type { SharedState } from '../../state/shared-state.js';

export interface DuplicateKeyParts {
  sessionId: string;
  method: string;
  url: string;
  body: string;
}

/** A digest, so that no body (names, ID numbers) is kept in the shared state as a key. */
export function duplicateKey(parts: DuplicateKeyParts): string {
  // One-shot hash: no Hash object per request.
  const text = `${parts.sessionId}\0${parts.method}\0${parts.url}\0${parts.body}\0`;
  return `dup:${hash('sha256', text, 'base64url')}`;
}

/**
 * Spec §5: an identical POST while one is pending is refused. The lock has a TTL so a crashed
 * request cannot block its user for ever; only its owner releases it.
 */
export function createDuplicateGuard(state: SharedState, ttlMs: number) {
  // An owner is unique across instances (a random prefix per guard) without a UUID per request.
  const instance = randomBytes(9).toString('base64url');
  let sequence = 0;
  return {
    /** A release function when the lock was taken; null when an identical request is pending. */
    async acquire(key: string): Promise<(() => Promise<void>) | null> {
      const owner = `${instance}:${(sequence += 1)}`;
      if (!(await state.setIfAbsent(key, owner, ttlMs))) return null;
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await state.deleteIfEquals(key, owner);
      };
    },
  };
}
