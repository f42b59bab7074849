import { randomBytes } from 'node:crypto';
import type { UserInfo } from '@checkup/api-contract';
import type { SharedState } from '../../state/shared-state.js';

export interface BffSession {
  sid: string;
  /** The checkup server's token; it never leaves the BFF. */
  upstreamToken: string;
  user: UserInfo;
  createdAt: number;
}

export interface SessionStore {
  create(upstreamToken: string, user: UserInfo): Promise<string>;
  /** The live session, with its idle clock restarted; undefined when absent or expired. */
  touch(sid: string): Promise<BffSession | undefined>;
  destroy(sid: string): Promise<BffSession | undefined>;
}

export interface SessionTimeouts {
  idleMs: number;
  absoluteMs: number;
  now?: () => number;
}

const SID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const keyOf = (sid: string) => `session:${sid}`;

/** Sessions with an idle and an absolute time-out, kept in the shared state. */
export function createSessionStore(
  state: SharedState,
  { idleMs, absoluteMs, now = Date.now }: SessionTimeouts,
): SessionStore {
  // Decoded sessions and when their expiry was last pushed back, per sid. The shared state stays
  // the truth (a logout on another instance is seen at once); this only saves a JSON.parse and an
  // expire per request. Entries go when the session ends here or the map outgrows its bound.
  const decoded = new Map<string, { raw: string; session: BffSession; refreshedAt: number }>();
  const refreshEveryMs = Math.min(60_000, idleMs / 10);

  async function read(sid: string) {
    if (!SID_PATTERN.test(sid)) return undefined;
    const raw = await state.get(keyOf(sid));
    if (raw === null) {
      decoded.delete(sid);
      return undefined;
    }
    const known = decoded.get(sid);
    if (known?.raw === raw) return known;
    if (decoded.size >= 10_000) decoded.clear();
    const entry = { raw, session: { ...(JSON.parse(raw) as Omit<BffSession, 'sid'>), sid }, refreshedAt: 0 };
    decoded.set(sid, entry);
    return entry;
  }

  return {
    async create(upstreamToken, user) {
      const sid = randomBytes(32).toString('base64url');
      const session = { upstreamToken, user, createdAt: now() };
      await state.set(keyOf(sid), JSON.stringify(session), Math.min(idleMs, absoluteMs));
      return sid;
    },
    async touch(sid) {
      const entry = await read(sid);
      if (!entry) return undefined;
      const t = now();
      const remaining = entry.session.createdAt + absoluteMs - t;
      if (remaining <= 0) {
        decoded.delete(sid);
        await state.delete(keyOf(sid));
        return undefined;
      }
      if (t - entry.refreshedAt >= refreshEveryMs || remaining < idleMs) {
        entry.refreshedAt = t;
        await state.expire(keyOf(sid), Math.min(idleMs, remaining));
      }
      return entry.session;
    },
    async destroy(sid) {
      const entry = await read(sid);
      decoded.delete(sid);
      if (entry) await state.delete(keyOf(sid));
      return entry?.session;
    },
  };
}
