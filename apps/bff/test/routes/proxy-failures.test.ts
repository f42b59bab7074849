import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM, buildBff, closedPortUrl, cookieOf, logIn, makeWebDist, type WebDist } from '../support/build.js';
import { SLOW_DELAY_MS, startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';

const UNAVAILABLE = { status: 502, data: null, msg: '网络连接失败，请稍后再试' };
const TIMED_OUT = { status: 504, data: null, msg: '网络繁忙，请稍后再试' };

describe('upstream failures', () => {
  let fake: FakeUpstream;
  let web: WebDist;

  beforeAll(async () => {
    fake = await startFakeUpstream();
    web = await makeWebDist();
  });
  afterAll(async () => {
    await fake.stop();
    await web.remove();
  });

  it('answers 502 when the upstream is down', async () => {
    const app = await buildBff({ UPSTREAM_URL: await closedPortUrl(), WEB_DIST: web.dir });
    try {
      const res = await app.inject({ method: 'GET', url: '/manager/api/commondata/version' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual(UNAVAILABLE);
    } finally {
      await app.close();
    }
  });

  it('answers 504 when the upstream is slower than the headers timeout', async () => {
    const app = await buildBff({ UPSTREAM_URL: fake.url, WEB_DIST: web.dir, UPSTREAM_HEADERS_TIMEOUT_MS: '300' });
    try {
      const sid = await logIn(app);
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/manager/api/test/slow', headers: cookieOf(sid) });
      expect(res.statusCode).toBe(504);
      expect(res.json()).toEqual(TIMED_OUT);
      expect(Date.now() - started).toBeLessThan(SLOW_DELAY_MS);
    } finally {
      await app.close();
    }
  });

  it.each([
    ['an error answer', '', 503],
    ['a dropped connection', '?mode=reset', 502],
  ])('does not retry a POST that meets %s upstream', async (_label, query, status) => {
    const app = await buildBff({ UPSTREAM_URL: fake.url, WEB_DIST: web.dir });
    try {
      const sid = await logIn(app);
      const before = fake.calls.counted;
      const res = await app.inject({
        method: 'POST',
        url: `/manager/api/test/counted-failure${query}`,
        headers: { ...FORM, ...cookieOf(sid) },
        payload: 'a=1',
      });
      expect(res.statusCode).toBe(status);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(fake.calls.counted - before).toBe(1);
    } finally {
      await app.close();
    }
  });
});
