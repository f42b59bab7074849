import { beforeEach, describe, expect, it } from 'vitest';
import { SID_COOKIE, cookieOf, getAs, logIn, useGateway } from '../support/build.js';
import { ANSWER, BIG_INTEGER_TEXT } from '../support/fake-upstream.js';

const SIGNAL = 'x-checkup-signal';
const EXPIRED = { status: 401, data: null, msg: '登录信息已过期，请重新登录' };

describe('answer rules applied to upstream answers', () => {
  const gw = useGateway();
  let sid: string;

  beforeEach(async () => {
    sid = await logIn(gw.app);
  });

  const answer = (kind: string, query = '') => getAs(gw.app, sid, `${ANSWER}/${kind}${query}`);
  const stillLoggedIn = async () => (await getAs(gw.app, sid, '/manager/api/login/user_info')).statusCode === 200;

  it("answers a string status '401' with HTTP 401, the relogin signal, and ends the BFF session", async () => {
    const res = await answer('relogin-string');

    expect(res.statusCode).toBe(401);
    expect(res.headers[SIGNAL]).toBe('relogin');
    expect(res.json()).toEqual({ status: 401, data: null, msg: '登录已失效' });
    const cleared = res.cookies.find((c) => c.name === SID_COOKIE);
    expect(cleared?.value).toBe('');
    const before = gw.upstream.calls.userInfo;
    const next = await gw.app.inject({ method: 'GET', url: '/manager/api/login/user_info', headers: cookieOf(sid) });
    expect(next.statusCode).toBe(401);
    expect(next.json()).toEqual(EXPIRED);
    expect(gw.upstream.calls.userInfo).toBe(before);
  });

  it('answers status 402 with HTTP 402 and the external-import signal, keeping the session', async () => {
    const res = await answer('external-import');

    expect(res.statusCode).toBe(402);
    expect(res.headers[SIGNAL]).toBe('external-import');
    expect(res.json()).toEqual({ status: 402, data: null, msg: '外检导入' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await stillLoggedIn()).toBe(true);
  });

  it("answers msg '非法访问!' with the login signal and ends the session", async () => {
    const res = await answer('illegal-access');

    expect(res.statusCode).toBe(403);
    expect(res.headers[SIGNAL]).toBe('login');
    expect(res.json()).toMatchObject({ msg: '非法访问!' });
    expect(await stillLoggedIn()).toBe(false);
  });

  it("signals maintenance when data carries param_value 'Y'", async () => {
    const res = await answer('maintenance');

    expect(res.statusCode).toBe(200);
    expect(res.headers[SIGNAL]).toBe('maintenance');
    expect(res.json()).toEqual({ status: 200, data: { param_value: 'Y' }, msg: '' });
  });

  it('turns an HTML 500 page into a 500 envelope naming the path', async () => {
    const res = await answer('html-500', '?page=2');

    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      status: 500,
      data: null,
      msg: `网络服务异常，状态码500,异常请求：${ANSWER}/html-500`,
    });
    expect(res.headers[SIGNAL]).toBeUndefined();
  });

  it('turns an HTML 200 page into a not-json envelope', async () => {
    const res = await answer('html-200');

    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json<{ status: number; data: unknown; msg: string }>();
    expect(body.msg.startsWith('接口返回错误，不是一个json，')).toBe(true);
    expect(body.msg).toContain(`${ANSWER}/html-200`);
    expect(body.data).toBeNull();
    expect(res.statusCode).toBe(body.status);
  });

  it('passes a big integer in a normal envelope through byte-for-byte', async () => {
    const res = await answer('big-integer');

    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(BIG_INTEGER_TEXT);
    expect(res.headers[SIGNAL]).toBeUndefined();
  });
});
