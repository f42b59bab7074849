import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, ok, reportShareOpenRoute, reportSharePdfRoute } from '@checkup/api-contract';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { buildKioskApp } from '../../src/kiosk/app.js';
import { SHARE_API_ALLOWLIST } from '../../src/policy/share-allowlist.js';
import { FORM, makeWebDist, type WebDist } from '../support/build.js';
import { fakeVersion } from '../support/fake-upstream.js';

const TOKEN = 'tok_0123456789abcdefghijkl';

describe('the report-share page on the public (kiosk) listener (issue 20)', () => {
  let upstream: FastifyInstance;
  let kiosk: FastifyInstance;
  let staff: FastifyInstance;
  let web: WebDist;
  const reached: string[] = [];
  // The gateway reads the upstream's version (security settings) on its own; only the share calls count here.
  const shareCalls = () => reached.filter((r) => r.includes('/report_share/'));

  beforeAll(async () => {
    upstream = Fastify({ logger: false });
    upstream.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );
    upstream.route({
      method: ['GET', 'POST'],
      url: '/*',
      handler: async (request, reply) => {
        reached.push(`${request.method} ${request.url.split('?')[0]}`);
        if (request.url.startsWith('/manager/api/commondata/version')) return ok(fakeVersion);
        if (request.url.startsWith(reportSharePdfRoute.path))
          return reply.header('content-type', 'application/pdf').send(Buffer.from('%PDF-1.7 fake'));
        return reply.code(400).send(failure('SHARE_WRONG_CODE', '提取码不正确，还可尝试4次'));
      },
    });
    const url = await upstream.listen({ host: '127.0.0.1', port: 0 });
    web = await makeWebDist();
    const config = loadConfig({ UPSTREAM_URL: url, WEB_DIST: web.dir, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
    kiosk = await buildKioskApp({ ...config, SHARE_OPENS_PER_MINUTE: 5 });
    staff = await buildApp(config);
    await Promise.all([kiosk.ready(), staff.ready()]);
  });
  afterAll(async () => {
    await kiosk?.close();
    await staff?.close();
    await upstream?.close();
    await web?.remove();
  });

  const open = (app: FastifyInstance, address: string, code = 'AAAAAA') =>
    app.inject({
      method: 'POST',
      url: reportShareOpenRoute.path,
      headers: FORM,
      payload: new URLSearchParams({ token: TOKEN, code }).toString(),
      remoteAddress: address,
    });

  it('names exactly the two calls of the share page', () => {
    expect([...SHARE_API_ALLOWLIST].sort()).toEqual([
      'GET /manager/api/report_share/pdf',
      'POST /manager/api/report_share/open',
    ]);
  });

  it('forwards the code and the download, with the upstream’s Chinese answer', async () => {
    reached.length = 0;
    const wrong = await open(kiosk, '10.3.3.1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('提取码不正确，还可尝试4次');
    const pdf = await kiosk.inject({ method: 'GET', url: `${reportSharePdfRoute.path}?ticket=1.2.abcdefghij` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(shareCalls()).toEqual(['POST /manager/api/report_share/open', 'GET /manager/api/report_share/pdf']);
  });

  it('lets one address try five codes a minute, then refuses without asking the upstream', async () => {
    const address = '10.3.3.2';
    for (let i = 0; i < 5; i += 1) expect((await open(kiosk, address)).statusCode).toBe(400);
    reached.length = 0;
    const limited = await open(kiosk, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(failure('SHARE_OPEN_LIMITED'));
    expect(limited.json().msg).toBe('尝试次数过多，请稍后再试');
    expect(shareCalls()).toEqual([]);
    // Another address counts on its own, and downloads are not counted.
    expect((await open(kiosk, '10.3.3.3')).statusCode).toBe(400);
    const pdf = await kiosk.inject({
      method: 'GET',
      url: `${reportSharePdfRoute.path}?ticket=1.2.abcdefghij`,
      remoteAddress: address,
    });
    expect(pdf.statusCode).toBe(200);
  });

  it('keeps the self-print look-up limit apart from the share limit', async () => {
    const address = '10.3.3.4';
    for (let i = 0; i < 5; i += 1) await open(kiosk, address);
    expect((await open(kiosk, address)).statusCode).toBe(429);
    const lookUp = await kiosk.inject({
      method: 'POST',
      url: '/manager/api/selfprint/find_examinee',
      headers: FORM,
      payload: 'cust_id_card=110105194912310021',
      remoteAddress: address,
    });
    expect(lookUp.statusCode).not.toBe(429);
  });

  it('is not answered on the staff port without a session', async () => {
    reached.length = 0;
    const res = await open(staff, '10.3.3.5');
    expect(res.statusCode).toBe(401);
    const pdf = await staff.inject({ method: 'GET', url: `${reportSharePdfRoute.path}?ticket=1.2.abcdefghij` });
    expect(pdf.statusCode).toBe(401);
    expect(shareCalls()).toEqual([]);
  });
});
