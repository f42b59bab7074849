import { describe, expect, it } from 'vitest';
import {
  contractRoutes,
  failure,
  orderDeptSignRoute,
  queueDisplaySnapshotRoute,
  selfPrintFindExamineeRoute,
} from '@checkup/api-contract';
import { cookieOf, getAs } from '../support/build.js';
import { logInAs, useScriptedGateway } from '../support/gateway.js';

interface OpenApiDocument {
  paths: Record<string, Record<string, { 'x-access'?: unknown }>>;
}

/** Issue 17 §1–2: what the gateway itself opens, and to whom. */
describe('the gateway’s own access rules', () => {
  const gw = useScriptedGateway();

  it('shows /docs and /docs/json to an administrator only, each call with its access', async () => {
    const [admin, nurse] = [await logInAs(gw.app, 'admin'), await logInAs(gw.app, 'nurse')];

    expect((await getAs(gw.app, undefined, '/docs/json')).json()).toEqual(failure('NOT_LOGGED_IN'));
    expect((await getAs(gw.app, nurse, '/docs/json')).json()).toEqual(failure('FORBIDDEN'));
    expect((await getAs(gw.app, nurse, '/docs')).statusCode).toBe(403);

    const doc = (await getAs(gw.app, admin, '/docs/json')).json<OpenApiDocument>();
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(operations).toHaveLength(contractRoutes.length);
    expect(operations.filter((o) => o['x-access'] === undefined)).toEqual([]);
    expect(doc.paths[orderDeptSignRoute.path]?.get?.['x-access']).toEqual(['exam_mg/dept_diag_detail']);
    expect(doc.paths['/manager/api/commondata/version']?.get?.['x-access']).toBe('public');
  });

  it('opens the documentation to everyone with DOCS_PUBLIC=true', async () => {
    const open = await gw.buildForTest({ DOCS_PUBLIC: 'true' });
    expect((await getAs(open, undefined, '/docs/json')).statusCode).toBe(200);
  });

  it('serves /metrics to this machine, and to another only with the bearer token', async () => {
    const local = await gw.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    const remote = await gw.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.20.30.40' });
    // A forwarded header does not make a remote scraper local.
    const forwarded = await gw.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '10.20.30.40',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect([local.statusCode, remote.statusCode, forwarded.statusCode]).toEqual([200, 403, 403]);

    const withToken = await gw.buildForTest({ METRICS_TOKEN: 'scrape-token-0123456789' });
    const scrape = (authorization: string) =>
      withToken.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.20.30.40', headers: { authorization } });
    expect((await scrape('Bearer scrape-token-0123456789')).statusCode).toBe(200);
    expect((await scrape('Bearer scrape-token-0123456780')).statusCode).toBe(403);
  });

  it('checks the origin of a GET that writes, as of a POST, and not of a GET that reads', async () => {
    const sid = await logInAs(gw.app, 'admin');
    const from = (origin: string, url: string) =>
      gw.app.inject({ method: 'GET', url, headers: { ...cookieOf(sid), origin } });
    const sign = `${orderDeptSignRoute.path}?order_id=20261121000001&exam_dept_id=1`;

    const crossSite = await from('https://evil.example', sign);
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual(failure('CSRF_REJECTED'));
    expect(gw.upstream.calls(orderDeptSignRoute.path)).toBe(0);

    const sameSite = await gw.app.inject({
      method: 'GET',
      url: sign,
      headers: { ...cookieOf(sid), referer: 'http://localhost:80/#/manager/exam_mg/dept_diag_detail' },
    });
    expect(sameSite.statusCode).not.toBe(403);
    expect((await from('https://evil.example', queueDisplaySnapshotRoute.path)).statusCode).not.toBe(403);
  });

  it('answers the public calls without a session, but not the kiosk’s on the staff port', async () => {
    expect((await getAs(gw.app, undefined, queueDisplaySnapshotRoute.path)).statusCode).not.toBe(401);
    const kiosk = await gw.app.inject({
      method: 'POST',
      url: selfPrintFindExamineeRoute.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:80' },
      payload: 'cust_id_card=11010519491231002X',
    });
    expect(kiosk.json()).toEqual(failure('NOT_LOGGED_IN'));
  });
});
