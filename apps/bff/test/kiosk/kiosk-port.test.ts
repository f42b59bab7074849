import { connect } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKioskApp } from '../../src/kiosk/app.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logging.js';
import { SAME_ORIGIN, useFixtures } from '../support/build.js';

describe('kiosk port', () => {
  const gw = useFixtures();
  let kiosk: FastifyInstance;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logLines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const config = loadConfig({ UPSTREAM_URL: gw.upstream.url, WEB_DIST: gw.web.dir, LOG_LEVEL: 'warn' });
    kiosk = await buildKioskApp(config, { log: createLogger('warn', { stream }) });
    await kiosk.ready();
  });

  afterAll(async () => {
    await kiosk?.close();
  });

  it('serves the self-print page and its assets', async () => {
    const page = await kiosk.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('体检管理系统');
    expect((await kiosk.inject({ method: 'GET', url: '/assets/app-abc.js' })).statusCode).toBe(200);
  });

  it('forwards an allowlisted call to the upstream', async () => {
    const before = gw.upstream.calls.version;
    const res = await kiosk.inject({ method: 'GET', url: '/manager/api/commondata/version' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200, data: { name: expect.any(String) } });
    expect(gw.upstream.calls.version).toBeGreaterThan(before);
  });

  it.each([
    ['GET', '/manager/api/login/user_info'],
    ['POST', '/manager/api/login/login'],
    ['GET', '/manager/api/commondata/version/'],
    ['HEAD', '/manager/api/commondata/version'],
    ['OPTIONS', '/'],
    ['GET', '/docs'],
  ])('refuses %s %s with 403 and writes an audit line', async (method, url) => {
    const calls = gw.upstream.calls.userInfo + gw.upstream.calls.login;
    const res = await kiosk.inject({ method: method as 'GET', url, headers: SAME_ORIGIN });
    expect(res.statusCode).toBe(403);
    if (method !== 'HEAD') expect(res.json()).toEqual({ status: 403, data: null, msg: '自助终端不允许此操作' });
    expect(gw.upstream.calls.userInfo + gw.upstream.calls.login).toBe(calls);
    expect(logLines.at(-1)).toMatchObject({ audit: 'kiosk_refused', method });
    expect(String(logLines.at(-1)?.url).toLowerCase()).toBe(url.toLowerCase());
  });

  it('refuses path tricks as they arrive on the wire, before any decoding', async () => {
    const address = await kiosk.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const rawPaths = [
      '/manager/api/selfprint/%2e%2e/login/user_info',
      '/manager/api/selfprint/%2E%2E/%2E%2E/login/user_info',
      '/manager/api/selfprint%2Freport_list',
      '//manager/api/commondata/version',
      '/manager/api/selfprint/../login/user_info',
      '/MANAGER/api/commondata/version',
    ];
    for (const rawPath of rawPaths) {
      const status = await rawStatus(
        Number(port),
        `GET ${rawPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      );
      expect(status, rawPath).toBe(403);
    }
    expect(gw.upstream.calls.userInfo).toBe(0);
  });

  it('refuses a method-override header even on an allowed path', async () => {
    const res = await kiosk.inject({
      method: 'GET',
      url: '/manager/api/commondata/version',
      headers: { 'x-http-method-override': 'POST' },
    });
    expect(res.statusCode).toBe(403);
  });
});

function rawStatus(port: number, request: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('end', () => resolve(Number(data.split(' ')[1])));
    socket.on('error', reject);
  });
}
