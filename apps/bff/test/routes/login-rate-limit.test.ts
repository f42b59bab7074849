import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM, buildBff, loginForm, makeWebDist, type WebDist } from '../support/build.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';

describe('login rate limit per address', () => {
  let fake: FakeUpstream;
  let web: WebDist;
  let app: FastifyInstance;

  beforeAll(async () => {
    fake = await startFakeUpstream();
    web = await makeWebDist();
    app = await buildBff({ UPSTREAM_URL: fake.url, WEB_DIST: web.dir, LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await app.close();
    await fake.stop();
    await web.remove();
  });

  const loginFrom = (remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/manager/api/login/login', headers: FORM, payload: loginForm(), remoteAddress });

  it('answers the fourth login from one address within a minute with 429 without calling upstream', async () => {
    const first = [await loginFrom('10.0.0.1'), await loginFrom('10.0.0.1'), await loginFrom('10.0.0.1')];
    const before = fake.calls.login;

    const fourth = await loginFrom('10.0.0.1');

    expect(first.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ status: 429, data: null, msg: '网络繁忙，请稍后再试' });
    expect(fourth.headers['set-cookie']).toBeUndefined();
    expect(fake.calls.login).toBe(before);
  });

  it('does not limit another address', async () => {
    for (let i = 0; i < 4; i += 1) await loginFrom('10.0.0.2');

    const elsewhere = await loginFrom('10.0.0.3');

    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json()).toMatchObject({ status: 200, msg: '登录成功' });
  });
});
