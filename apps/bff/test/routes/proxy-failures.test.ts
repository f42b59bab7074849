import { describe, expect, it } from 'vitest';
import { FORM, closedPortUrl, cookieOf, logIn, useFixtures } from '../support/build.js';
import { SLOW_DELAY_MS } from '../support/fake-upstream.js';

const UNAVAILABLE = { status: 502, data: null, msg: '网络连接失败，请稍后再试' };
const TIMED_OUT = { status: 504, data: null, msg: '网络繁忙，请稍后再试' };

describe('upstream failures', () => {
  const gw = useFixtures();

  it('answers 502 when the upstream is down', async () => {
    const app = await gw.buildForTest({ UPSTREAM_URL: await closedPortUrl() });
    const res = await app.inject({ method: 'GET', url: '/manager/api/commondata/version' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual(UNAVAILABLE);
  });

  it('answers 504 when the upstream is slower than the headers timeout', async () => {
    const app = await gw.buildForTest({ UPSTREAM_HEADERS_TIMEOUT_MS: '300' });
    const sid = await logIn(app);
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/manager/api/test/slow', headers: cookieOf(sid) });
    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual(TIMED_OUT);
    expect(Date.now() - started).toBeLessThan(SLOW_DELAY_MS);
  });

  it.each([
    ['an error answer', '', 503],
    ['a dropped connection', '?mode=reset', 502],
  ])('does not retry a POST that meets %s upstream', async (_label, query, status) => {
    const app = await gw.buildForTest();
    const sid = await logIn(app);
    const before = gw.upstream.calls.counted;
    const res = await app.inject({
      method: 'POST',
      url: `/manager/api/test/counted-failure${query}`,
      headers: { ...FORM, ...cookieOf(sid) },
      payload: 'a=1',
    });
    expect(res.statusCode).toBe(status);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(gw.upstream.calls.counted - before).toBe(1);
  });
});
