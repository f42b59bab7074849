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
  async function read(sid: string): Promise<BffSession | undefined> {
    if (!SID_PATTERN.test(sid)) return undefined;
    const raw = await state.get(keyOf(sid));
    return raw ? { ...(JSON.parse(raw) as Omit<BffSession, 'sid'>), sid } : undefined;
  }

  return {
    async create(upstreamToken, user) {
      const sid = randomBytes(32).toString('base64url');
      const session = { upstreamToken, user, createdAt: now() };
      await state.set(keyOf(sid), JSON.stringify(session), Math.min(idleMs, absoluteMs));
      return sid;
    },
    async touch(sid) {
      const session = await read(sid);
      if (!session) return undefined;
      const remaining = session.createdAt + absoluteMs - now();
      if (remaining <= 0) {
        await state.delete(keyOf(sid));
        return undefined;
      }
      await state.expire(keyOf(sid), Math.min(idleMs, remaining));
      return session;
    },
    async destroy(sid) {
      const session = await read(sid);
      if (session) await state.delete(keyOf(sid));
      return session;
    },
  };
}
