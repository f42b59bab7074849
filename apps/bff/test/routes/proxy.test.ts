import { describe, expect, it } from 'vitest';
import { FORM, SAME_ORIGIN, cookieOf, logIn, useGateway } from '../support/build.js';
import { FAKE_PUBLIC_KEY, fakeUser, fakeVersion, type EchoedRequest } from '../support/fake-upstream.js';

const EXPIRED = { status: 401, data: null, msg: '登录信息已过期，请重新登录' };

describe('proxy to the checkup server', () => {
  const gw = useGateway({}, { perTest: true });

  const get = (url: string, headers: Record<string, string> = {}) => gw.app.inject({ method: 'GET', url, headers });

  it('sends the session token upstream in x-checkup-token and not the browser cookie', async () => {
    const sid = await logIn(gw.app);
    const token = [...gw.upstream.tokens].at(-1);

    const res = await get('/manager/api/test/echo', { ...cookieOf(sid), authorization: 'Bearer forged' });

    const echoed = res.json<{ data: EchoedRequest }>().data;
    expect(echoed.headers['x-checkup-token']).toBe(token);
    expect(echoed.headers.cookie).toBeUndefined();
    expect(echoed.headers.authorization).toBeUndefined();
    expect(echoed.headers['x-request-id']).toBe(res.headers['x-request-id']);
  });

  it('passes the user_info answer through for a logged-in browser', async () => {
    const sid = await logIn(gw.app);

    const res = await get('/manager/api/login/user_info', cookieOf(sid));

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, data: fakeUser, msg: '操作成功' });
  });

  it('answers 401 itself without a cookie or with an unknown sid', async () => {
    const before = gw.upstream.calls.userInfo;

    const none = await get('/manager/api/login/user_info');
    const unknown = await get('/manager/api/login/user_info', cookieOf('A'.repeat(43)));

    for (const res of [none, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(EXPIRED);
    }
    expect(gw.upstream.calls.userInfo).toBe(before);
  });

  it('answers version and public_key without a session', async () => {
    const version = await get('/manager/api/commondata/version?t=1');
    const publicKey = await get('/manager/api/login/public_key');

    expect(version.statusCode).toBe(200);
    expect(version.json()).toEqual({ status: 200, data: fakeVersion, msg: '操作成功' });
    expect(publicKey.statusCode).toBe(200);
    expect(publicKey.json()).toMatchObject({ status: 200, data: { public_key: FAKE_PUBLIC_KEY } });
  });

  it('lets the local print service fetch a guide sheet by its ticket without a session, and nothing else', async () => {
    const before = gw.upstream.calls.guideSheetFile;

    const pdf = await get('/manager/api/order/guide_sheet_file?ticket=valid-ticket', { 'x-checkup-token': 'planted' });
    const stale = await get('/manager/api/order/guide_sheet_file?ticket=old');
    const other = await get('/manager/api/order/guide_sheet?order_id=1');

    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body).toBe('%PDF-1.7 fake');
    expect(gw.upstream.guideSheetTokens.slice(-2)).toEqual([undefined, undefined]);
    expect(stale.json()).toMatchObject({ status: 400, msg: '导检单链接已失效，请重新打印' });
    expect(gw.upstream.calls.guideSheetFile).toBe(before + 2);
    expect(other.statusCode).toBe(401);
  });

  it('lets the local print service fetch an exam report by its ticket without a session, and nothing else', async () => {
    const pdf = await get('/manager/api/report/report_file?ticket=valid-ticket', { 'x-checkup-token': 'planted' });
    const stale = await get('/manager/api/report/report_file?ticket=old');
    const other = await get('/manager/api/report/report_pdf?order_id=20261121000001');

    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body).toBe('%PDF-1.7 report');
    expect(gw.upstream.reportFileTokens.slice(-2)).toEqual([undefined, undefined]);
    expect(stale.json()).toMatchObject({ status: 403, msg: '打印凭据无效或已过期，请重新打印' });
    expect(other.statusCode).toBe(401);
  });

  it('drops a token the browser sends itself on a public call', async () => {
    const res = await gw.app.inject({
      method: 'GET',
      url: '/manager/api/commondata/version',
      headers: { 'x-checkup-token': 'planted-by-browser' },
    });
    expect(res.statusCode).toBe(200);

    const sid = await logIn(gw.app);
    const echoed = await get('/manager/api/test/echo', { ...cookieOf(sid), 'x-checkup-token': 'planted-by-browser' });
    expect(echoed.json<{ data: EchoedRequest }>().data.headers['x-checkup-token']).toBe([...gw.upstream.tokens].at(-1));
  });

  it('ends the BFF session when the upstream answers 401', async () => {
    const sid = await logIn(gw.app);
    gw.upstream.invalidateTokens();

    const rejected = await get('/manager/api/login/user_info', cookieOf(sid));
    expect(rejected.statusCode).toBe(401);
    expect(rejected.json()).toMatchObject({ status: 401 });

    const before = gw.upstream.calls.userInfo;
    const next = await get('/manager/api/login/user_info', cookieOf(sid));
    expect(next.statusCode).toBe(401);
    expect(next.json()).toEqual(EXPIRED);
    expect(gw.upstream.calls.userInfo).toBe(before);
  });

  it('forwards a form body byte-for-byte with its query string', async () => {
    const sid = await logIn(gw.app);
    const body = 'name=%E5%BC%A0%E4%B8%89&note=a+b%20c&dept=体检科&id=1&id=2&empty=&plus=%2B';
    const url = '/manager/api/test/echo?page=1&q=%E6%9D%8E+%20x&q=2';

    const res = await gw.app.inject({ method: 'POST', url, headers: { ...FORM, ...cookieOf(sid) }, payload: body });

    expect(res.statusCode).toBe(200);
    const echoed = res.json<{ data: EchoedRequest }>().data;
    expect(echoed.method).toBe('POST');
    expect(echoed.url).toBe(url);
    expect(echoed.body).toBe(body);
    expect(echoed.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(echoed.headers['content-length']).toBe(String(Buffer.byteLength(body)));
  });

  it('proxies /manager/external calls too', async () => {
    const sid = await logIn(gw.app);

    const res = await gw.app.inject({
      method: 'PUT',
      url: '/manager/external/test/echo?x=1',
      headers: { ...SAME_ORIGIN, ...cookieOf(sid) },
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { method: 'PUT', url: '/manager/external/test/echo?x=1' } });
  });
});
