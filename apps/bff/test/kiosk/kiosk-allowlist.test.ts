import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractRoutes, ok } from '@checkup/api-contract';
import { loadConfig } from '../../src/config.js';
import { buildKioskApp } from '../../src/kiosk/app.js';
import { KIOSK_API_ALLOWLIST } from '../../src/policy/kiosk-allowlist.js';
import { FORM } from '../support/build.js';
import { fakeVersion } from '../support/fake-upstream.js';

/** Exactly the calls the self-print pages make (apps/web features/self_print). */
const KIOSK_CALLS = [
  'GET /manager/api/commondata/version',
  'GET /manager/api/printcfg/card_reader',
  'POST /manager/api/selfprint/find_examinee',
  'GET /manager/api/selfprint/report_list',
  'GET /manager/api/selfprint/report_pdf',
  'POST /manager/api/selfprint/mark_printed',
];

/** And the report-share page's (issue 20), on the same public listener with an allowlist of its own. */
const SHARE_CALLS = ['POST /manager/api/report_share/open', 'GET /manager/api/report_share/pdf'];

describe('kiosk port allowlist', () => {
  let upstream: FastifyInstance;
  let kiosk: FastifyInstance;
  const reached: string[] = [];

  beforeAll(async () => {
    upstream = Fastify({ logger: false });
    upstream.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );
    upstream.route({
      method: ['GET', 'POST'],
      url: '/*',
      handler: async (request) => {
        reached.push(`${request.method} ${request.url.split('?')[0]}`);
        return request.url.startsWith('/manager/api/commondata/version') ? ok(fakeVersion) : ok({ answered: true });
      },
    });
    const url = await upstream.listen({ host: '127.0.0.1', port: 0 });
    kiosk = await buildKioskApp(loadConfig({ UPSTREAM_URL: url, WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent' }));
    await kiosk.ready();
  });
  afterAll(async () => {
    await kiosk?.close();
    await upstream?.close();
  });

  it('names exactly the self-print calls and the version', () => {
    expect([...KIOSK_API_ALLOWLIST].sort()).toEqual([...KIOSK_CALLS].sort());
  });

  it('forwards each allowlisted call and refuses every other call of the contract', async () => {
    const answered: string[] = [];
    for (const route of contractRoutes) {
      const call = `${route.method} ${route.path}`;
      reached.length = 0;
      const res =
        route.method === 'GET'
          ? await kiosk.inject({ method: 'GET', url: `${route.path}?ticket=x` })
          : await kiosk.inject({ method: 'POST', url: route.path, headers: FORM, payload: 'ticket=x' });
      if (res.statusCode === 403) {
        expect(res.json(), call).toEqual({ status: 403, data: null, msg: '自助终端不允许此操作' });
        expect(
          reached.filter((r) => r === call),
          call,
        ).toEqual([]);
      } else {
        expect(res.statusCode, call).toBe(200);
        expect(reached, call).toContain(call);
        answered.push(call);
      }
    }
    expect(answered.sort()).toEqual([...KIOSK_CALLS, ...SHARE_CALLS].sort());
  });

  it('refuses the queue display, which is for the staff port and the hall screen', async () => {
    const res = await kiosk.inject({ method: 'GET', url: '/manager/api/queue/display_stream?dept_ids=1' });
    expect(res.statusCode).toBe(403);
  });
});
