import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Idempotency-Key (IETF draft, issue 17 §2): a state-changing call's first successful answer, kept
 * for 24 hours under the caller's account, the call and the key, so that a retry gets it again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** SHA-256 of account, call and key: the caller's key is not kept as given. */
    scopeKey: varchar('scope_key', { length: 64 }).primaryKey(),
    /** SHA-256 of the request's fields: the same key with other fields is refused. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    /** running while the first request is handled, done once its answer is kept */
    state: varchar('state', { length: 8 }).notNull(),
    /** The request that holds a running key; only it completes or releases it. */
    owner: varchar('owner', { length: 32 }).notNull(),
    /** A running key whose request died is taken over after this. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answerStatus: integer('answer_status'),
    answerType: varchar('answer_type', { length: 128 }),
    answerBody: text('answer_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idempotency_keys_expires_idx').on(t.expiresAt)],
);
