import { describe, expect, it } from 'vitest';
import { ttlCached } from './ttl-cache.js';

function counter() {
  let loads = 0;
  return { load: async () => ++loads, loads: () => loads };
}

describe('ttlCached', () => {
  it('reuses a load until its time is up, then loads again', async () => {
    let clock = 1_000;
    const source = counter();
    const read = ttlCached(source.load, 3_000, () => clock);
    expect(await read()).toBe(1);
    clock += 2_999;
    expect(await read()).toBe(1);
    clock += 1;
    expect(await read()).toBe(2);
  });

  it('shares one load among callers that arrive while it runs', async () => {
    const source = counter();
    const read = ttlCached(source.load, 3_000);
    expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1]);
    expect(source.loads()).toBe(1);
  });

  it('loads on every call when the time to live is 0', async () => {
    const source = counter();
    const read = ttlCached(source.load, 0);
    await read();
    await read();
    expect(source.loads()).toBe(2);
  });

  it('forgets a failed load so the next call tries again', async () => {
    let fail = true;
    const read = ttlCached(async () => {
      if (fail) throw new Error('database away');
      return 'ok';
    }, 60_000);
    await expect(read()).rejects.toThrow('database away');
    fail = false;
    expect(await read()).toBe('ok');
  });
});
