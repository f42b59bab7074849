import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisState } from '../../src/state/redis-state.js';
import { createMemoryState, type SharedState } from '../../src/state/shared-state.js';
import { pause } from '../support/waiting.js';

const REDIS_URL = process.env.TEST_REDIS_URL;
const LONG = 60_000;
const WINDOW = 1_500;

const BACKENDS = [
  { kind: 'memory', available: true, create: () => createMemoryState() },
  {
    kind: 'redis',
    available: Boolean(REDIS_URL),
    create: () => createRedisState(REDIS_URL!, `test:bff:${randomUUID()}:`),
  },
];

describe.each(BACKENDS)('the $kind shared state', ({ kind, available, create }) => {
  describe.skipIf(!available)('keeps the SharedState contract', () => {
    let state: SharedState;
    const key = (name: string) => `${randomUUID()}:${name}`;

    beforeAll(() => {
      state = create();
    });
    afterAll(async () => {
      await state.deletePrefix('');
      await state.close();
    });

    it('is the backend it says it is and answers a ping', async () => {
      expect(state.kind).toBe(kind);
      expect(await state.ping()).toBe(true);
    });

    it('keeps a value until its TTL and forgets it after', async () => {
      const [kept, brief] = [key('kept'), key('brief')];
      await state.set(kept, '体检', LONG);
      await state.set(brief, 'x', 30);
      await pause(80);

      expect(await state.get(kept)).toBe('体检');
      expect(await state.get(brief)).toBeNull();
      expect(await state.get(key('never-set'))).toBeNull();
    });

    it('sets only an absent key with setIfAbsent, and again once it expired', async () => {
      const [held, brief] = [key('held'), key('brief')];

      expect(await state.setIfAbsent(held, 'first', LONG)).toBe(true);
      expect(await state.setIfAbsent(held, 'second', LONG)).toBe(false);
      expect(await state.get(held)).toBe('first');
      expect(await state.setIfAbsent(brief, 'first', 30)).toBe(true);
      await pause(80);
      expect(await state.setIfAbsent(brief, 'second', LONG)).toBe(true);
      expect(await state.get(brief)).toBe('second');
    });

    it('deletes with deleteIfEquals only for the owner', async () => {
      const lock = key('lock');
      await state.set(lock, 'owner-a', LONG);

      await state.deleteIfEquals(lock, 'owner-b');
      expect(await state.get(lock)).toBe('owner-a');
      await state.deleteIfEquals(lock, 'owner-a');
      expect(await state.get(lock)).toBeNull();
    });

    it('restarts the expiry of a live key with expire and answers false for a missing one', async () => {
      const [extended, shortened] = [key('extended'), key('shortened')];
      await state.set(extended, 'a', 500);
      await state.set(shortened, 'b', LONG);

      expect(await state.expire(extended, LONG)).toBe(true);
      expect(await state.expire(shortened, 30)).toBe(true);
      expect(await state.expire(key('missing'), LONG)).toBe(false);
      await pause(600);
      expect(await state.get(extended)).toBe('a');
      expect(await state.get(shortened)).toBeNull();
    });

    it('deletes every key under a prefix, counts the live ones and leaves the others', async () => {
      const base = key('');
      await Promise.all([
        state.set(`${base}cache:a`, '1', LONG),
        state.set(`${base}cache:b?x=1`, '2', LONG),
        state.set(`${base}cache:c`, '3', 20),
        state.set(`${base}session:a`, '4', LONG),
      ]);
      await pause(60);

      expect(await state.deletePrefix(`${base}cache:`)).toBe(2);
      expect(await state.get(`${base}cache:a`)).toBeNull();
      expect(await state.get(`${base}session:a`)).toBe('4');
      expect(await state.deletePrefix(`${base}cache:`)).toBe(0);
    });

    it('counts the live keys under a prefix, its glob characters taken literally', async () => {
      const base = key('');
      await Promise.all([
        state.set(`${base}cache:/a?`, '1', LONG),
        state.set(`${base}cache:/a?x=1#u2`, '2', LONG),
        state.set(`${base}cache:/a?gone`, '3', 20),
        state.set(`${base}cache:/ab?`, '4', LONG),
        state.set(`${base}cache:/a*`, '5', LONG),
      ]);
      await pause(60);

      expect(await state.countPrefix(`${base}cache:/a?`)).toBe(2);
      expect(await state.countPrefix(`${base}cache:/a*`)).toBe(1);
      expect(await state.countPrefix(`${base}cache:`)).toBe(4);
      expect(await state.countPrefix(`${base}none:`)).toBe(0);
    });

    it('counts increments within a window that starts with the first one', async () => {
      const counter = key('failures');

      expect(await state.increment(counter, WINDOW)).toBe(1);
      await pause(500);
      expect(await state.increment(counter, WINDOW)).toBe(2);
      await pause(1_100);
      expect(await state.increment(counter, WINDOW)).toBe(1);
      expect(await state.increment(counter, WINDOW)).toBe(2);
    });
  });
});
