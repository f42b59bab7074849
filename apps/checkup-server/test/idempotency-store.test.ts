import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DbIdempotencyStore, deleteExpiredIdempotencyKeys } from '../src/modules/idempotency/db-store.js';
import { RedisIdempotencyStore } from '../src/modules/idempotency/redis-store.js';
import type { ClaimRequest, IdempotencyStore } from '../src/modules/idempotency/store.js';
import { describeOnEachDatabase, openTestDatabase, type TestDatabase } from './support/database.js';

const REDIS_URL = process.env.TEST_REDIS_URL;
const HOUR = 3_600_000;
const ANSWER = { status: 200, contentType: 'application/json; charset=utf-8', body: '{"status":200,"data":{"id":1}}' };

/** What every store must do, whatever keeps the keys (issue 17 §2). */
function behavesAsAnIdempotencyStore(storeOf: () => IdempotencyStore) {
  let scopeKey: string;
  beforeEach(() => {
    scopeKey = randomUUID().replaceAll('-', '');
  });
  const request = (over: Partial<ClaimRequest> = {}): ClaimRequest => ({
    scopeKey,
    fingerprint: 'f1',
    owner: 'first',
    now: Date.now(),
    ttlMs: 24 * HOUR,
    runningMs: 60_000,
    ...over,
  });

  it('lets the first request claim a key, and tells a second one it is still running', async () => {
    expect(await storeOf().claim(request())).toEqual({ kind: 'claimed' });
    expect(await storeOf().claim(request({ owner: 'second' }))).toEqual({ kind: 'running' });
  });

  it('gives the kept answer to a retry with the same fields, and refuses other fields', async () => {
    await storeOf().claim(request());
    await storeOf().complete(scopeKey, 'first', ANSWER);
    expect(await storeOf().claim(request({ owner: 'second' }))).toEqual({ kind: 'answered', answer: ANSWER });
    expect(await storeOf().claim(request({ owner: 'third', fingerprint: 'f2' }))).toEqual({ kind: 'mismatch' });
  });

  it('frees a released key for the next request', async () => {
    await storeOf().claim(request());
    await storeOf().release(scopeKey, 'first');
    expect(await storeOf().claim(request({ owner: 'second' }))).toEqual({ kind: 'claimed' });
  });

  it('lets only the owner complete or release a key', async () => {
    await storeOf().claim(request());
    await storeOf().release(scopeKey, 'someone-else');
    await storeOf().complete(scopeKey, 'someone-else', ANSWER);
    expect(await storeOf().claim(request({ owner: 'second' }))).toEqual({ kind: 'running' });
  });

  it('hands a running key whose request died to a retry with the same fields, not to other fields', async () => {
    const start = Date.now();
    await storeOf().claim(request({ now: start }));
    const later = start + 61_000;
    expect(await storeOf().claim(request({ owner: 'other', fingerprint: 'f2', now: later }))).toEqual({
      kind: 'mismatch',
    });
    expect(await storeOf().claim(request({ owner: 'retry', now: later }))).toEqual({ kind: 'claimed' });
    // The request that died cannot complete what is now the retry's.
    await storeOf().complete(scopeKey, 'first', ANSWER);
    expect(await storeOf().claim(request({ owner: 'third', now: later }))).toEqual({ kind: 'running' });
  });
}

describeOnEachDatabase((target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(target);
  });
  afterAll(async () => {
    await database?.close();
  });

  behavesAsAnIdempotencyStore(() => new DbIdempotencyStore(database.db));

  it('forgets a key after 24 hours, and the sweep removes it', async () => {
    const store = new DbIdempotencyStore(database.db);
    const old = { scopeKey: 'expired-key', fingerprint: 'f1', owner: 'a', ttlMs: 24 * HOUR, runningMs: 60_000 };
    const start = Date.now() - 25 * HOUR;
    await store.claim({ ...old, now: start });
    await store.complete('expired-key', 'a', ANSWER);
    expect(await store.claim({ ...old, owner: 'b', fingerprint: 'f2', now: Date.now() })).toEqual({ kind: 'claimed' });
    await store.claim({ ...old, scopeKey: 'swept-key', now: start });
    expect(await deleteExpiredIdempotencyKeys(database.db)).toBe(1);
  });
});

describe.skipIf(!REDIS_URL)('in Redis (TEST_REDIS_URL)', () => {
  let redis: Redis;
  const prefix = `test:idempotency:${randomUUID()}:`;
  beforeAll(() => {
    redis = new Redis(REDIS_URL!);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  behavesAsAnIdempotencyStore(() => new RedisIdempotencyStore(redis, prefix));

  it('keeps a key, answered or not, for its time to live only', async () => {
    const store = new RedisIdempotencyStore(redis, prefix);
    const claim = { scopeKey: 'ttl', fingerprint: 'f1', owner: 'a', now: Date.now(), ttlMs: 50_000, runningMs: 1 };
    await store.claim(claim);
    await store.complete('ttl', 'a', ANSWER);
    const ttl = await redis.pttl(`${prefix}ttl`);
    expect(ttl).toBeGreaterThan(40_000);
    expect(ttl).toBeLessThanOrEqual(50_000);
  });
});
