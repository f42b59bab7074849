import { and, eq, lt, or, sql } from 'drizzle-orm';
import { AppError, type UserInfo } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { recordLocks } from '../../db/schema.js';

/** The three records one person edits at a time (spec §4 page close, §7 *_unlock). */
export type LockType = 'dept_diag' | 'exam_review' | 'report_review';

/** A lock lapses after this long without its holder renewing it (a crashed browser, a lost laptop). */
export const LOCK_TTL_SECONDS = 15 * 60;

export interface LockTarget {
  type: LockType;
  /** order_id, or order_id:exam_dept_id for a department */
  key: string;
}

export const deptLockKey = (orderId: string, deptId: number) => `${orderId}:${deptId}`;

export interface LockHolder {
  ownerUserId: number;
  ownerName: string;
  expiresAt: Date;
}

/** Who holds the lock now; with liveOnly, a lapsed lock counts as none. */
async function holderOf(
  db: Db,
  target: LockTarget,
  { liveOnly }: { liveOnly: boolean },
): Promise<LockHolder | undefined> {
  const [holder] = await db
    .select({
      ownerUserId: recordLocks.ownerUserId,
      ownerName: recordLocks.ownerName,
      expiresAt: recordLocks.expiresAt,
    })
    .from(recordLocks)
    .where(
      and(
        eq(recordLocks.lockType, target.type),
        eq(recordLocks.lockKey, target.key),
        liveOnly ? sql`${recordLocks.expiresAt} > now()` : undefined,
      ),
    );
  return holder;
}

/**
 * Takes or renews the lock for `user`. Atomic on the database (one INSERT … ON CONFLICT), with the
 * database's clock, so two server instances agree on who holds it. Answers the holder when it is
 * someone else.
 */
export async function acquireLock(
  db: Db,
  target: LockTarget,
  user: Pick<UserInfo, 'id' | 'user_name'>,
  ttlSeconds = LOCK_TTL_SECONDS,
): Promise<{ ok: true; expiresAt: Date } | { ok: false; holder: LockHolder }> {
  const expiresAt = sql`now() + make_interval(secs => ${ttlSeconds})`;
  const taken = await db
    .insert(recordLocks)
    .values({ lockType: target.type, lockKey: target.key, ownerUserId: user.id, ownerName: user.user_name, expiresAt })
    .onConflictDoUpdate({
      target: [recordLocks.lockType, recordLocks.lockKey],
      set: { ownerUserId: user.id, ownerName: user.user_name, expiresAt },
      // Only a lapsed lock or the holder's own is taken over.
      setWhere: or(lt(recordLocks.expiresAt, sql`now()`), eq(recordLocks.ownerUserId, user.id)),
    })
    .returning({ expiresAt: recordLocks.expiresAt });
  if (taken[0]) return { ok: true, expiresAt: taken[0].expiresAt };
  const holder = await holderOf(db, target, { liveOnly: false });
  // Released between the two statements: try once more.
  if (!holder) return acquireLock(db, target, user, ttlSeconds);
  return { ok: false, holder };
}

/** Takes the lock or refuses with who holds it (issue 4: a second user is told who holds the lock). */
export async function lockOrRefuse(db: Db, target: LockTarget, user: Pick<UserInfo, 'id' | 'user_name'>) {
  const result = await acquireLock(db, target, user);
  if (!result.ok) throw new AppError('RECORD_LOCKED', lockedMessage(result.holder));
  return result.expiresAt;
}

export function lockedMessage(holder: LockHolder): string {
  const until = holder.expiresAt.toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', hour12: false });
  return `该记录正在被「${holder.ownerName}」编辑（锁定至${until}），请稍后再试`;
}

/** Releases the lock if `userId` holds it; a lock held by someone else is left alone. */
export async function releaseLock(db: Db, target: LockTarget, userId: number): Promise<boolean> {
  const released = await db
    .delete(recordLocks)
    .where(
      and(
        eq(recordLocks.lockType, target.type),
        eq(recordLocks.lockKey, target.key),
        eq(recordLocks.ownerUserId, userId),
      ),
    )
    .returning({ key: recordLocks.lockKey });
  return released.length > 0;
}

/** Refuses a write to a locked record by anyone but the holder; an unlocked record may be written. */
export async function assertNotLockedByOther(db: Db, target: LockTarget, userId: number): Promise<void> {
  const holder = await holderOf(db, target, { liveOnly: true });
  if (holder && holder.ownerUserId !== userId) throw new AppError('RECORD_LOCKED', lockedMessage(holder));
}
