import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema.js';
import { claimOf, type Claim, type ClaimRequest, type IdempotencyStore, type KeptAnswer } from './store.js';

/** Keys in the database: every instance sees them, and they outlive a restart. */
export class DbIdempotencyStore implements IdempotencyStore {
  constructor(private readonly db: Db) {}

  async claim(request: ClaimRequest): Promise<Claim> {
    const row = {
      scopeKey: request.scopeKey,
      fingerprint: request.fingerprint,
      state: 'running',
      owner: request.owner,
      lockedUntil: new Date(request.now + request.runningMs),
      expiresAt: new Date(request.now + request.ttlMs),
      answerStatus: null,
      answerType: null,
      answerBody: null,
      createdAt: new Date(request.now),
    };
    const now = new Date(request.now);
    // One statement: a new key is inserted; an expired one, or one whose request died running with
    // these same fields, is taken over; a live one is left as it is and returns no row.
    const taken = await this.db
      .insert(idempotencyKeys)
      .values(row)
      .onConflictDoUpdate({
        target: idempotencyKeys.scopeKey,
        set: row,
        setWhere: or(
          lt(idempotencyKeys.expiresAt, now),
          and(
            eq(idempotencyKeys.state, 'running'),
            lt(idempotencyKeys.lockedUntil, now),
            eq(idempotencyKeys.fingerprint, sql`excluded.fingerprint`),
          ),
        ),
      })
      .returning({ owner: idempotencyKeys.owner });
    if (taken.length > 0) return { kind: 'claimed' };
    const [held] = await this.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scopeKey, request.scopeKey));
    // Gone between the two statements (released by its request): claim it afresh.
    if (!held) return this.claim(request);
    return claimOf(
      {
        fingerprint: held.fingerprint,
        state: held.state === 'done' ? 'done' : 'running',
        answer:
          held.answerStatus === null
            ? null
            : { status: held.answerStatus, contentType: held.answerType ?? '', body: held.answerBody ?? '' },
      },
      request.fingerprint,
    );
  }

  async complete(scopeKey: string, owner: string, answer: KeptAnswer): Promise<void> {
    await this.db
      .update(idempotencyKeys)
      .set({ state: 'done', answerStatus: answer.status, answerType: answer.contentType, answerBody: answer.body })
      .where(and(eq(idempotencyKeys.scopeKey, scopeKey), eq(idempotencyKeys.owner, owner)));
  }

  async release(scopeKey: string, owner: string): Promise<void> {
    await this.db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.scopeKey, scopeKey),
          eq(idempotencyKeys.owner, owner),
          eq(idempotencyKeys.state, 'running'),
        ),
      );
  }
}

/** Expired keys only take room: the session sweep removes them (server.ts). */
export async function deleteExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.scopeKey });
  return gone.length;
}
