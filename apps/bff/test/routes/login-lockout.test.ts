import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loginForm, postLogin, useFixtures } from '../support/build.js';
import { GOOD_ACCOUNT, GOOD_CIPHERTEXT } from '../support/fake-upstream.js';

const LOCKED = { status: 423, data: null, msg: '登录失败次数过多，账号已锁定15分钟，请稍后再试' };
const WRONG = { status: 400, data: null, msg: '用户账号或密码错误' };
const WRONG_PASSWORD = 'w'.repeat(120);
const SHORT_LOCK_MINUTES = 0.02;

describe('login lockout after repeated wrong passwords', () => {
  const gw = useFixtures();

  const bff = gw.buildForTest;
  const login = (app: FastifyInstance, account: string, password: string) =>
    postLogin(app, loginForm(account, password));
  const rightLogin = (app: FastifyInstance) => login(app, GOOD_ACCOUNT, GOOD_CIPHERTEXT);
  async function fail(app: FastifyInstance, times: number, account = GOOD_ACCOUNT) {
    for (let i = 0; i < times; i += 1) {
      const res = await login(app, account, WRONG_PASSWORD);
      expect(res.json()).toEqual(WRONG);
    }
  }

  it('locks the account after five failures, even against the right password, without calling upstream', async () => {
    const app = await bff();
    await fail(app, 5);
    const before = gw.upstream.calls.login;

    const sixth = await rightLogin(app);
    const otherCase = await login(app, GOOD_ACCOUNT.toUpperCase(), WRONG_PASSWORD);

    for (const res of [sixth, otherCase]) {
      expect(res.statusCode).toBe(423);
      expect(res.json()).toEqual(LOCKED);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(gw.upstream.calls.login).toBe(before);
  });

  it('leaves another account unaffected', async () => {
    const app = await bff();
    await fail(app, 5);
    const before = gw.upstream.calls.login;

    const other = await login(app, 'nurse01', WRONG_PASSWORD);

    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual(WRONG);
    expect(gw.upstream.calls.login).toBe(before + 1);
  });

  it('starts the count again after a success before the fifth failure', async () => {
    const app = await bff();
    await fail(app, 4);
    expect((await rightLogin(app)).statusCode).toBe(200);
    await fail(app, 4);

    const res = await rightLogin(app);

    expect(res.statusCode).toBe(200);
  });

  it('lets no more than five concurrent wrong passwords reach the upstream', async () => {
    const app = await bff();
    const before = gw.upstream.calls.login;

    const answers = await Promise.all(Array.from({ length: 10 }, () => login(app, GOOD_ACCOUNT, WRONG_PASSWORD)));

    expect(gw.upstream.calls.login - before).toBeLessThanOrEqual(5);
    expect(answers.every((r) => r.statusCode >= 400)).toBe(true);
  });

  it('lifts the lock after LOGIN_LOCKOUT_MINUTES', async () => {
    const app = await bff({ LOGIN_LOCKOUT_MINUTES: String(SHORT_LOCK_MINUTES) });
    await fail(app, 5);
    expect((await rightLogin(app)).statusCode).toBe(423);

    await sleep(SHORT_LOCK_MINUTES * 60_000 + 300);
    const res = await rightLogin(app);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200, msg: '登录成功' });
  });
});
