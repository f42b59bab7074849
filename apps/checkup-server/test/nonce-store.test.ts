import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryNonceStore, type NonceStore } from '../src/modules/security/nonce-store.js';
import { RedisNonceStore } from '../src/modules/security/redis-nonce-store.js';

const redisUrl = process.env.TEST_REDIS_URL || undefined;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What every store promises the integrity plugin. */
function behavesAsNonceStore(store: () => NonceStore) {
  it('grants a nonce the first time and refuses it afterwards', async () => {
    expect(await store().claim('n-1', 60_000)).toBe(true);
    expect(await store().claim('n-1', 60_000)).toBe(false);
    expect(await store().claim('n-2', 60_000)).toBe(true);
  });

  it('grants exactly one of many simultaneous claims of one nonce', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => store().claim('n-race', 60_000)));
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it('grants a nonce again once its time to live has passed', async () => {
    expect(await store().claim('n-short', 50)).toBe(true);
    await sleep(120);
    expect(await store().claim('n-short', 50)).toBe(true);
  });
}

describe('in-memory nonce store', () => {
  const memory = new MemoryNonceStore();
  behavesAsNonceStore(() => memory);

  it('sweeps expired nonces so the map does not grow without bound', async () => {
    let clock = 0;
    const store = new MemoryNonceStore(() => clock);
    for (let i = 0; i < 100; i++) await store.claim(`old-${i}`, 1_000);
    clock = 60_000;
    await store.claim('new', 1_000);
    expect(store.size).toBe(1);
  });
});

describe.skipIf(!redisUrl)('Redis nonce store (TEST_REDIS_URL)', () => {
  // A prefix of this run alone: parallel runs and leftovers of earlier ones cannot interfere.
  const prefix = `checkup-test:${randomBytes(6).toString('hex')}:nonce:`;
  let store: RedisNonceStore | undefined;
  const connect = () => (store ??= new RedisNonceStore(new Redis(redisUrl!), prefix));
  behavesAsNonceStore(connect);

  it('stores the nonce under its prefix with the time to live it was given', async () => {
    await connect().claim('n-ttl', 60_000);
    const probe = new Redis(redisUrl!);
    try {
      const ttl = await probe.pttl(`${prefix}n-ttl`);
      expect(ttl).toBeGreaterThan(55_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await probe.quit();
    }
  });

  afterAll(async () => {
    if (!store) return;
    const probe = new Redis(redisUrl!);
    const keys = await probe.keys(`${prefix}*`);
    if (keys.length > 0) await probe.del(...keys);
    await probe.quit();
    await store.close();
  });
});
