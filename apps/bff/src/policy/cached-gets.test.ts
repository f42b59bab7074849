import { describe, expect, it } from 'vitest';
import { contractRoutes } from '@checkup/api-contract';
import { CACHED_GETS } from './cached-gets.js';

describe('the GET cache whitelist', () => {
  it('holds only calls every signed-in account may make, so a shared answer reaches no one the server would refuse', () => {
    const screenKeyed = [...CACHED_GETS.keys()].filter((path) => {
      const route = contractRoutes.find((r) => r.method === 'GET' && r.path === path);
      return route !== undefined && route.access !== 'signed-in' && route.access !== 'public';
    });
    expect(screenKeyed).toEqual([]);
  });
});
