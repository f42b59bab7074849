import { randomBytes } from 'node:crypto';
import type { UserInfo } from '@checkup/api-contract';

export interface BffSession {
  /** The checkup server's token; it never leaves the BFF. */
  upstreamToken: string;
  user: UserInfo;
  createdAt: number;
  lastSeenAt: number;
}

export interface SessionStore {
  create(upstreamToken: string, user: UserInfo): string;
  /** The live session, with its idle clock restarted; undefined when absent or expired. */
  touch(sid: string): BffSession | undefined;
  destroy(sid: string): BffSession | undefined;
  size(): number;
}

export interface SessionTimeouts {
  idleMs: number;
  absoluteMs: number;
  now?: () => number;
}

/** In-process sessions with an idle and an absolute time-out. */
export function createMemorySessionStore({ idleMs, absoluteMs, now = Date.now }: SessionTimeouts): SessionStore {
  const sessions = new Map<string, BffSession>();

  const expired = (s: BffSession, t: number) => t - s.lastSeenAt > idleMs || t - s.createdAt > absoluteMs;

  const sweep = setInterval(() => {
    const t = now();
    for (const [sid, s] of sessions) if (expired(s, t)) sessions.delete(sid);
  }, 60_000);
  sweep.unref();

  return {
    create(upstreamToken, user) {
      const sid = randomBytes(32).toString('base64url');
      const t = now();
      sessions.set(sid, { upstreamToken, user, createdAt: t, lastSeenAt: t });
      return sid;
    },
    touch(sid) {
      const session = sessions.get(sid);
      if (!session) return undefined;
      const t = now();
      if (expired(session, t)) {
        sessions.delete(sid);
        return undefined;
      }
      session.lastSeenAt = t;
      return session;
    },
    destroy(sid) {
      const session = sessions.get(sid);
      sessions.delete(sid);
      return session;
    },
    size: () => sessions.size,
  };
}
