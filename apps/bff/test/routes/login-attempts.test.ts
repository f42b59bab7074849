import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loginForm, postLogin, useFixtures } from '../support/build.js';
import {
  GOOD_ACCOUNT,
  GOOD_CIPHERTEXT,
  LOCKED_ACCOUNT,
  LOCKED_ANSWER,
  SLOW_ACCOUNT,
} from '../support/fake-upstream.js';

const WRONG = { status: 400, data: null, msg: '用户账号或密码错误' };
const WRONG_PASSWORD = 'w'.repeat(120);
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36';

/**
 * Issue 21: the checkup server counts wrong passwords on the account and locks it (账号管理 shows and
 * releases the lock); the gateway passes its answers through, forwards the browser for the login log,
 * and still lets one attempt per account reach the server at a time.
 */
describe('login attempts through the gateway', () => {
  const gw = useFixtures();

  const bff = gw.buildForTest;
  const login = (app: FastifyInstance, account: string, password: string) =>
    postLogin(app, loginForm(account, password));

  it('passes the server’s lock answer through, without a cookie', async () => {
    const app = await bff();

    const res = await login(app, LOCKED_ACCOUNT, GOOD_CIPHERTEXT);

    expect(res.statusCode).toBe(423);
    expect(res.json()).toEqual(LOCKED_ANSWER);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('keeps no lock of its own: every wrong password, the sixth and after, is the server’s to judge', async () => {
    const app = await bff();
    const before = gw.upstream.calls.login;
    for (let i = 0; i < 6; i += 1) expect((await login(app, GOOD_ACCOUNT, WRONG_PASSWORD)).json()).toEqual(WRONG);

    const right = await login(app, GOOD_ACCOUNT, GOOD_CIPHERTEXT);

    expect(right.statusCode).toBe(200);
    expect(gw.upstream.calls.login - before).toBe(7);
  });

  it('forwards the browser’s User-Agent to the server’s login', async () => {
    const app = await bff();

    await postLogin(app, loginForm(GOOD_ACCOUNT, GOOD_CIPHERTEXT), { headers: { 'user-agent': BROWSER } });

    expect(gw.upstream.calls.loginAgents.at(-1)).toBe(BROWSER);
    // What no browser sends is left out rather than failing the login.
    const odd = await postLogin(app, loginForm(GOOD_ACCOUNT, GOOD_CIPHERTEXT), {
      headers: { 'user-agent': Buffer.from('Agent é', 'utf8').toString('latin1') },
    });
    expect(odd.statusCode).toBe(200);
    expect(gw.upstream.calls.loginAgents.at(-1)).toBeUndefined();
  });

  it('lets one attempt per account reach the server at a time', async () => {
    const app = await bff();
    const before = gw.upstream.calls.login;

    const answers = await Promise.all(Array.from({ length: 5 }, () => login(app, SLOW_ACCOUNT, WRONG_PASSWORD)));

    expect(gw.upstream.calls.login - before).toBe(1);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(4);
  });
});
