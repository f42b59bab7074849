import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cookieOf, logIn, useGateway } from '../support/build.js';

const ECHO = '/manager/api/test/echo';
const PARTNER = 'https://portal.hospital.example';
const REFUSED = { status: 403, data: null, msg: '请求来源校验失败，请刷新页面后重试' };

describe('CSRF origin check on state-changing requests', () => {
  const gw = useGateway({ ALLOWED_ORIGINS: ` ${PARTNER} , ` });
  let sid: string;

  beforeAll(async () => {
    sid = await logIn(gw.app);
  });
  beforeEach(() => {
    gw.upstream.lastEcho = undefined;
  });

  const send = (method: 'POST' | 'PUT' | 'DELETE', headers: Record<string, string>, url = ECHO) =>
    gw.app.inject({
      method,
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...cookieOf(sid), ...headers },
      payload: 'a=1',
    });

  it.each(['POST', 'PUT', 'DELETE'] as const)('refuses a %s with neither Origin nor Referer', async (method) => {
    const res = await send(method, {});

    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(REFUSED);
    expect(gw.upstream.lastEcho).toBeUndefined();
  });

  it('refuses a login without an origin before calling upstream', async () => {
    const before = gw.upstream.calls.login;

    const res = await send('POST', {}, '/manager/api/login/login');

    expect(res.statusCode).toBe(403);
    expect(gw.upstream.calls.login).toBe(before);
  });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a foreign Origin with a same-host Referer', { origin: 'https://evil.example', referer: 'http://localhost/' }],
    ['a same-host name on another scheme', { origin: 'https://localhost' }],
    ['a same-host name on another port', { origin: 'http://localhost:8080' }],
    ["a 'null' Origin", { origin: 'null' }],
    ["a 'null' Origin with a foreign Referer", { origin: 'null', referer: 'https://evil.example/page' }],
    ['a foreign Referer', { referer: 'https://evil.example/form.html' }],
    ['an unreadable Referer', { referer: 'not a url' }],
  ])('refuses %s', async (_label, headers) => {
    const res = await send('POST', headers);

    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(REFUSED);
    expect(gw.upstream.lastEcho).toBeUndefined();
  });

  it.each([
    ['http://localhost', 'POST'],
    ['http://localhost:80', 'PUT'],
    ['http://localhost', 'DELETE'],
  ] as const)('passes the same-host Origin %s on a %s', async (origin, method) => {
    const res = await send(method, { origin });

    expect(res.statusCode).toBe(200);
    expect(gw.upstream.lastEcho?.method).toBe(method);
  });

  it('passes a same-host Referer when the Origin is absent', async () => {
    const res = await send('POST', { referer: 'http://localhost/#/order/list?x=1' });

    expect(res.statusCode).toBe(200);
    expect(gw.upstream.lastEcho?.body).toBe('a=1');
  });

  it('passes an origin listed in ALLOWED_ORIGINS', async () => {
    const res = await send('POST', { origin: PARTNER });

    expect(res.statusCode).toBe(200);
    expect(gw.upstream.lastEcho?.method).toBe('POST');
  });

  it('never checks a GET', async () => {
    const plain = await gw.app.inject({ method: 'GET', url: ECHO, headers: cookieOf(sid) });
    const foreign = await gw.app.inject({
      method: 'GET',
      url: '/manager/api/commondata/version',
      headers: { origin: 'https://evil.example', referer: 'https://evil.example/' },
    });

    expect(plain.statusCode).toBe(200);
    expect(foreign.statusCode).toBe(200);
  });
});
