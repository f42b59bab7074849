/**
 * Idempotency-Key (IETF httpapi draft, issue 17 §2): the web sends one key per submitted form on
 * every state-changing call; other callers may leave it out. With it, the checkup server keeps the
 * first successful answer for 24 hours and gives it again to a retry with the same key.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Set on an answer given again from the store rather than by running the call. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

// Printable ASCII, as a header value may carry it: a UUID fits, and so does any other caller's key.
const KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;

export const isIdempotencyKey = (value: string): boolean => KEY_PATTERN.test(value);
