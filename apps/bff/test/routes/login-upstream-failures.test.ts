import { describe, expect, it } from 'vitest';
import { closedPortUrl, loginForm, postLogin, useFixtures } from '../support/build.js';
import { SLOW_ACCOUNT, SLOW_DELAY_MS } from '../support/fake-upstream.js';

describe('login when the upstream fails', () => {
  const gw = useFixtures();

  async function logInThrough(upstreamUrl: string, payload: string) {
    const app = await gw.buildForTest({ UPSTREAM_URL: upstreamUrl, UPSTREAM_HEADERS_TIMEOUT_MS: '300' });
    return postLogin(app, payload);
  }

  it('answers 502 with the network message when the upstream is down', async () => {
    const res = await logInThrough(await closedPortUrl(), loginForm());

    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ status: 502, data: null, msg: '网络连接失败，请稍后再试' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 504 with the busy message when the upstream login is too slow', async () => {
    const started = Date.now();
    const res = await logInThrough(gw.upstream.url, loginForm(SLOW_ACCOUNT));

    expect(Date.now() - started).toBeLessThan(SLOW_DELAY_MS);
    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual({ status: 504, data: null, msg: '网络繁忙，请稍后再试' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
