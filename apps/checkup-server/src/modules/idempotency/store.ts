/** The first successful answer of a call made with an Idempotency-Key (issue 17 §2). */
export interface KeptAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface ClaimRequest {
  /** The account, the call and the caller's key, hashed. */
  scopeKey: string;
  /** The request's fields, hashed: the same key with other fields is refused. */
  fingerprint: string;
  /** Unique to this request: only it completes or releases what it claimed. */
  owner: string;
  now: number;
  /** How long the key and its answer are kept. */
  ttlMs: number;
  /** After this a running key is taken to belong to a request that died, and is taken over. */
  runningMs: number;
}

export type Claim =
  { kind: 'claimed' } | { kind: 'running' } | { kind: 'mismatch' } | { kind: 'answered'; answer: KeptAnswer };

export interface IdempotencyStore {
  /** Claims the key for this request, or says why not: still running, other fields, or answered. */
  claim(request: ClaimRequest): Promise<Claim>;
  /** Keeps the owner's answer for the rest of the key's lifetime. */
  complete(scopeKey: string, owner: string, answer: KeptAnswer): Promise<void>;
  /** Frees the owner's key without an answer: the call failed and wrote nothing, so a retry may run. */
  release(scopeKey: string, owner: string): Promise<void>;
}

/** What a claim meets in the store: the row or value of a key someone holds. */
export interface HeldKey {
  fingerprint: string;
  state: 'running' | 'done';
  answer: KeptAnswer | null;
}

export function claimOf(held: HeldKey, fingerprint: string): Claim {
  if (held.fingerprint !== fingerprint) return { kind: 'mismatch' };
  if (held.state === 'done' && held.answer) return { kind: 'answered', answer: held.answer };
  return { kind: 'running' };
}
