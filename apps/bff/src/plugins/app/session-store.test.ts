import { describe, expect, it } from 'vitest';
import { createMemoryState } from '../../state/shared-state.js';
import { createSessionStore } from './session-store.js';

const user = {
  ...{ id: 1, user_account: 'admin', user_name: '系统管理员', special_flag: '1' as const, role_menu: ['*'] },
  ...{ all_depts: true, leader: true, discount_floor: 0, must_change_password: false },
  ...{ all_depts: true, leader: true, discount_floor: 0, data_scope: 'all' as const },
};

function storeAt(clock: { t: number }, idleMs: number, absoluteMs: number) {
  const now = () => clock.t;
  return createSessionStore(createMemoryState(now), { idleMs, absoluteMs, now });
}

describe('session store', () => {
  it('ends a session idle longer than the idle time-out', async () => {
    const clock = { t: 0 };
    const store = storeAt(clock, 1000, 10_000);
    const sid = await store.create('token', user);
    clock.t = 900;
    expect((await store.touch(sid))?.upstreamToken).toBe('token');
    clock.t = 1800;
    expect(await store.touch(sid)).toBeDefined();
    clock.t = 2801;
    expect(await store.touch(sid)).toBeUndefined();
  });

  it('ends an active session after the absolute time-out', async () => {
    const clock = { t: 0 };
    const store = storeAt(clock, 1000, 2500);
    const sid = await store.create('token', user);
    for (clock.t = 500; clock.t < 2500; clock.t += 500) expect(await store.touch(sid)).toBeDefined();
    clock.t = 2501;
    expect(await store.touch(sid)).toBeUndefined();
  });

  it('forgets a destroyed session and issues unguessable ids', async () => {
    const store = storeAt({ t: 0 }, 1000, 2000);
    const a = await store.create('a', user);
    const b = await store.create('b', user);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await store.destroy(a))?.upstreamToken).toBe('a');
    expect(await store.touch(a)).toBeUndefined();
    expect((await store.touch(b))?.upstreamToken).toBe('b');
  });

  it('ignores a malformed session id without reading the store', async () => {
    const store = storeAt({ t: 0 }, 1000, 2000);
    expect(await store.touch('../../etc')).toBeUndefined();
  });
});
