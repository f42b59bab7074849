import { describe, expect, it } from 'vitest';
import { loginForm, postLogin, useGateway } from '../support/build.js';

describe('login rate limit per address', () => {
  const gw = useGateway({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });

  const loginFrom = (remoteAddress: string) => postLogin(gw.app, loginForm(), { remoteAddress });

  it('answers the fourth login from one address within a minute with 429 without calling upstream', async () => {
    const first = [await loginFrom('10.0.0.1'), await loginFrom('10.0.0.1'), await loginFrom('10.0.0.1')];
    const before = gw.upstream.calls.login;

    const fourth = await loginFrom('10.0.0.1');

    expect(first.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ status: 429, data: null, msg: '网络繁忙，请稍后再试' });
    expect(fourth.headers['set-cookie']).toBeUndefined();
    expect(gw.upstream.calls.login).toBe(before);
  });

  it('does not limit another address', async () => {
    for (let i = 0; i < 4; i += 1) await loginFrom('10.0.0.2');

    const elsewhere = await loginFrom('10.0.0.3');

    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json()).toMatchObject({ status: 200, msg: '登录成功' });
  });
});
