import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '@checkup/api-contract';
import { buildApp } from '../../src/app.js';
import { buildKioskApp } from '../../src/kiosk/app.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logging.js';
import { makeWebDist, type WebDist } from '../support/build.js';
import { fakeVersion } from '../support/fake-upstream.js';
import { until } from '../support/waiting.js';

const STREAM = '/manager/api/queue/display_stream';
const COOKIE_SECRET = 'cookie-secret-4f1d9a';
const BEARER_SECRET = 'bearer-secret-77c2e0';

/** An upstream whose display stream sends one event and stays open, and whose echo sets a cookie. */
async function startUpstream() {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.get('/manager/api/commondata/version', async () => ok(fakeVersion));
  app.get(STREAM, (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    reply.raw.write('id: 1\nevent: queue\ndata: {"seq":1}\n\n');
  });
  return { app, url: await app.listen({ host: '127.0.0.1', port: 0 }) };
}

describe('log lines of both gateway ports, at every level', () => {
  const lines: string[] = [];
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let web: WebDist;
  let staff: FastifyInstance;
  let kiosk: FastifyInstance;

  beforeAll(async () => {
    upstream = await startUpstream();
    web = await makeWebDist();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = loadConfig({ WEB_DIST: web.dir, UPSTREAM_URL: upstream.url, KIOSK_PORT: '0' });
    staff = await buildApp(config, { log: createLogger('trace', { stream }) });
    kiosk = await buildKioskApp(config, { log: createLogger('trace', { stream, name: 'kiosk' }) });
  });

  afterAll(async () => {
    await staff?.close();
    await kiosk?.close();
    await upstream?.app.close();
    await web?.remove();
  });

  const secretHeaders = { cookie: `checkup_sid=${COOKIE_SECRET}`, authorization: `Bearer ${BEARER_SECRET}` };

  it('hold no cookie or authorization header when a browser leaves an event stream', async () => {
    const base = await staff.listen({ host: '127.0.0.1', port: 0 });
    const controller = new AbortController();
    const res = await fetch(`${base}${STREAM}`, {
      headers: { accept: 'text/event-stream', ...secretHeaders },
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    const before = lines.length;
    controller.abort();
    await until('the gateway logged the stream closing', () => lines.length > before, 5_000);

    const logged = lines.join('\n');
    expect(logged).toContain('stream closed prematurely');
    expect(logged).not.toContain(COOKIE_SECRET);
    expect(logged).not.toContain(BEARER_SECRET);
  });

  it('hold no cookie, authorization or set-cookie from refused or failing calls on either port', async () => {
    await staff.inject({ method: 'POST', url: '/manager/api/order/save', headers: secretHeaders, payload: 'a=1' });
    await staff.inject({ method: 'GET', url: '/manager/api/order/list%', headers: secretHeaders });
    await kiosk.inject({ method: 'GET', url: '/manager/api/login/user_info', headers: secretHeaders });
    await kiosk.inject({ method: 'GET', url: '/manager/api/selfprint/report_list?x=%', headers: secretHeaders });
    const logged = lines.join('\n');
    expect(logged).not.toContain(COOKIE_SECRET);
    expect(logged).not.toContain(BEARER_SECRET);
  });

  it("mask the ID number and name in a refused kiosk call's URL", async () => {
    await kiosk.inject({
      method: 'GET',
      url: '/manager/api/order/list?cust_name=%E5%BC%A0%E4%B8%89%E4%B8%B0&key=11010519491231002X',
    });
    const refusal = lines.findLast((l) => l.includes('kiosk_refused'));
    expect(refusal).toContain('110105********002X');
    expect(refusal).not.toContain('11010519491231002X');
    expect(refusal).not.toContain('%E5%BC%A0%E4%B8%89%E4%B8%B0');
  });

  it('redact the secret headers wherever a line names them', () => {
    const captured: string[] = [];
    const log = createLogger('trace', {
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          captured.push(chunk.toString());
          done();
        },
      }),
    });
    log.info({ headers: secretHeaders }, 'outgoing');
    log.info({ req: { headers: secretHeaders }, res: { headers: { 'set-cookie': `sid=${COOKIE_SECRET}` } } }, 'x');
    log.info({ upstream: { headers: { 'x-checkup-token': BEARER_SECRET, 'set-cookie': [COOKIE_SECRET] } } }, 'y');
    const logged = captured.join('\n');
    expect(logged).not.toContain(COOKIE_SECRET);
    expect(logged).not.toContain(BEARER_SECRET);
  });
});
