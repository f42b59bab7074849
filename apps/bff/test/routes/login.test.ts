import { describe, expect, it } from 'vitest';
import { SAME_ORIGIN, SID_COOKIE, cookieOf, getAs, logIn, loginForm, postLogin, useGateway } from '../support/build.js';
import { fakeUser } from '../support/fake-upstream.js';

describe('login and logout', () => {
  const gw = useGateway({}, { perTest: true });

  const login = (payload: string) => postLogin(gw.app, payload);
  const userInfo = (sid: string) => getAs(gw.app, sid, '/manager/api/login/user_info');

  it('sets one HttpOnly SameSite=Strict session cookie and answers the user', async () => {
    const res = await login(loginForm());

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, data: { user: fakeUser }, msg: '登录成功' });
    expect([res.headers['set-cookie']].flat()).toHaveLength(1);
    expect(res.cookies).toHaveLength(1);
    expect(res.cookies[0]).toMatchObject({ name: SID_COOKIE, path: '/', httpOnly: true, sameSite: 'Strict' });
    expect(res.cookies[0]?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('never hands the upstream token to the browser', async () => {
    const res = await login(loginForm());

    const token = [...gw.upstream.tokens].at(-1);
    expect(token).toBeDefined();
    expect(res.body).not.toContain(token);
    expect(JSON.stringify(res.headers)).not.toContain(token);
  });

  it('passes a wrong-password refusal through without setting a cookie', async () => {
    const res = await login(loginForm('admin', 'x'.repeat(120)));

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, data: null, msg: '用户账号或密码错误' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an empty account itself without calling upstream', async () => {
    const before = gw.upstream.calls.login;
    const res = await login(loginForm('', 'x'.repeat(120)));

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, data: null, msg: '请输入用户账号' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(gw.upstream.calls.login).toBe(before);
  });

  it('logout clears the cookie, ends the upstream token and the old sid', async () => {
    const sid = await logIn(gw.app);
    const token = [...gw.upstream.tokens].at(-1);

    const res = await gw.app.inject({
      method: 'POST',
      url: '/manager/api/login/logout',
      headers: { ...SAME_ORIGIN, ...cookieOf(sid) },
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200, msg: '已退出登录' });
    const cleared = res.cookies.find((c) => c.name === SID_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.maxAge === 0 || (cleared?.expires?.getTime() ?? Infinity) < Date.now()).toBe(true);
    expect(gw.upstream.logoutTokens).toContain(token);
    const after = await userInfo(sid);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ status: 401, msg: '登录信息已过期，请重新登录' });
  });

  it('issues a new sid on a second login and forgets the one sent with it', async () => {
    const first = await logIn(gw.app);
    const second = await logIn(gw.app, cookieOf(first));

    expect(second).not.toBe(first);
    expect((await userInfo(second)).statusCode).toBe(200);
    expect((await userInfo(first)).statusCode).toBe(401);
  });
});
