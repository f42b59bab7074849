import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_HEADER, failure } from '@checkup/api-contract';
import { SAME_ORIGIN, cookieOf, getAs, postForm } from '../support/build.js';
import { buildGateway, logInAs, useScriptedUpstream } from '../support/gateway.js';
import { COUNTED_PATH } from '../support/scripted-upstream.js';

const REDIS_URL = process.env.TEST_REDIS_URL;
const SAVE = '/manager/api/order/save_order';
const NATIONS = '/manager/api/commondata/get_nation_list';

describe.skipIf(!REDIS_URL)('two gateway instances sharing one Redis', () => {
  const gw = useScriptedUpstream();
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    const env = { REDIS_URL, REDIS_KEY_PREFIX: `test:bff:${randomUUID()}:`, LOGIN_RATE_LIMIT_PER_MINUTE: '1000' };
    [a, b] = await Promise.all([buildGateway(gw.upstream.url, env), buildGateway(gw.upstream.url, env)]);
  });
  afterAll(async () => {
    gw.upstream.releaseAll();
    await a?.sharedState.deletePrefix('');
    await Promise.all([a?.close(), b?.close()]);
  });
  beforeEach(async () => {
    gw.upstream.reset();
    await a.sharedState.deletePrefix('');
  });

  it('accepts on B a session made on A', async () => {
    const sid = await logInAs(a, 'admin');

    const res = await getAs(b, sid, COUNTED_PATH);

    expect(res.statusCode).toBe(200);
    expect(gw.upstream.calls(COUNTED_PATH)).toBe(1);
  });

  it('refuses on B a POST identical to one pending on A', async () => {
    const sid = await logInAs(a, 'admin');
    const first = postForm(a, sid, SAVE, 'amount=1');
    await gw.upstream.waitForHeld(1);

    const second = await postForm(b, sid, SAVE, 'amount=1');
    gw.upstream.releaseAll();

    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual(failure('DUPLICATE_REQUEST'));
    expect((await first).statusCode).toBe(200);
    expect(gw.upstream.calls(SAVE)).toBe(1);
  });

  it('answers on B from the entry A cached', async () => {
    const sid = await logInAs(a, 'admin');

    const onA = await getAs(a, sid, NATIONS);
    const onB = await getAs(b, sid, NATIONS);

    expect([onA.headers[CACHE_HEADER], onB.headers[CACHE_HEADER]]).toEqual(['MISS', 'HIT']);
    expect(onB.body).toBe(onA.body);
    expect(gw.upstream.calls(NATIONS)).toBe(1);
  });

  it("empties A's cache when the administrator clears it on B", async () => {
    const sid = await logInAs(a, 'admin');
    await getAs(a, sid, NATIONS);

    const cleared = await b.inject({
      method: 'POST',
      url: '/manager/api/bff/cache/clear',
      headers: { ...SAME_ORIGIN, ...cookieOf(sid) },
    });
    const onA = await getAs(a, sid, NATIONS);

    expect(cleared.json()).toEqual({ status: 200, data: { cleared: 1 }, msg: '缓存已清除' });
    expect(onA.headers[CACHE_HEADER]).toBe('MISS');
    expect(gw.upstream.calls(NATIONS)).toBe(2);
  });

  it('ends on B a session logged out on A', async () => {
    const sid = await logInAs(a, 'admin');
    expect((await getAs(b, sid, COUNTED_PATH)).statusCode).toBe(200);

    const logout = await a.inject({
      method: 'POST',
      url: '/manager/api/login/logout',
      headers: { ...SAME_ORIGIN, ...cookieOf(sid) },
    });
    const after = await getAs(b, sid, COUNTED_PATH);

    expect(logout.statusCode).toBe(200);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(failure('NOT_LOGGED_IN'));
  });
});
