import { describe, expect, it } from 'vitest';
import { createMemorySessionStore } from './session-store.js';

const user = { id: 1, user_account: 'admin', user_name: '系统管理员', special_flag: '1' as const, role_menu: ['*'] };

describe('memory session store', () => {
  it('ends a session idle longer than the idle time-out', () => {
    let t = 0;
    const store = createMemorySessionStore({ idleMs: 1000, absoluteMs: 10_000, now: () => t });
    const sid = store.create('token', user);
    t = 900;
    expect(store.touch(sid)?.upstreamToken).toBe('token');
    t = 1800;
    expect(store.touch(sid)).toBeDefined();
    t = 2801;
    expect(store.touch(sid)).toBeUndefined();
  });

  it('ends an active session after the absolute time-out', () => {
    let t = 0;
    const store = createMemorySessionStore({ idleMs: 1000, absoluteMs: 2500, now: () => t });
    const sid = store.create('token', user);
    for (t = 500; t <= 2500; t += 500) expect(store.touch(sid)).toBeDefined();
    t = 2501;
    expect(store.touch(sid)).toBeUndefined();
  });

  it('forgets a destroyed session and issues unguessable ids', () => {
    const store = createMemorySessionStore({ idleMs: 1000, absoluteMs: 2000 });
    const a = store.create('a', user);
    const b = store.create('b', user);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    store.destroy(a);
    expect(store.touch(a)).toBeUndefined();
    expect(store.size()).toBe(1);
  });
});
