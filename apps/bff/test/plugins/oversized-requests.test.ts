import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '@checkup/api-contract';
import { buildKioskApp } from '../../src/kiosk/app.js';
import { loadConfig } from '../../src/config.js';
import { useGateway } from '../support/build.js';
import { getHead, postHead, rawRequest } from '../support/raw-http.js';

const VERSION = '/manager/api/commondata/version';
const longUrl = (bytes: number) => `${VERSION}?key=${'a'.repeat(bytes)}`;

describe('oversized requests get the envelope on both gateway ports (issue 17 §2)', () => {
  const gw = useGateway();
  let kiosk: FastifyInstance;
  const ports: Record<'staff' | 'kiosk', number> = { staff: 0, kiosk: 0 };

  beforeAll(async () => {
    await gw.app.listen({ host: '127.0.0.1', port: 0 });
    kiosk = await buildKioskApp(loadConfig({ UPSTREAM_URL: gw.upstream.url, WEB_DIST: gw.web.dir }));
    await kiosk.listen({ host: '127.0.0.1', port: 0 });
    ports.staff = (gw.app.server.address() as AddressInfo).port;
    ports.kiosk = (kiosk.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await kiosk?.close();
  });

  describe.each(['staff', 'kiosk'] as const)('on the %s port', (port) => {
    it.each([16 * 1024 + 1, 40_000, 200_000])('answers a URL of %i bytes with 414', async (bytes) => {
      const res = await rawRequest(ports[port], getHead(longUrl(bytes)));
      expect(res.status).toBe(414);
      expect(JSON.parse(res.body)).toEqual(failure('URI_TOO_LONG'));
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    });

    // The fake upstream keeps Node's own 16 KB header limit, so the URL stays a little below ours.
    it('still forwards a long URL under the limit', async () => {
      const res = await rawRequest(ports[port], getHead(longUrl(15_000)));
      expect(res.status).toBe(200);
    });

    it.each([
      ['many headers', Array.from({ length: 700 }, (_, i) => `x-h${i}: ${'b'.repeat(100)}\r\n`).join('')],
      ['a huge cookie', `cookie: ${Array.from({ length: 4000 }, (_, i) => `c${i}=${'v'.repeat(20)}`).join('; ')}\r\n`],
    ])('answers a header block over 64 KB (%s) with 431 and the envelope', async (_what, headers) => {
      const res = await rawRequest(ports[port], getHead(VERSION, headers));
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toEqual(failure('HEADERS_TOO_LARGE'));
    });

    it('answers bytes that are not HTTP with 400 and the envelope', async () => {
      const res = await rawRequest(ports[port], 'HELLO\r\n\r\n');
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual(failure('BAD_REQUEST'));
    });
  });

  it('refuses a body over the call’s limit with 413 before anything is forwarded, on the staff port', async () => {
    const before = gw.upstream.lastEcho;
    const body = Buffer.alloc(1024 * 1024 + 1, 'a');
    const res = await rawRequest(ports.staff, postHead('/manager/api/order/save', body.length), body);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual(failure('PAYLOAD_TOO_LARGE'));
    expect(gw.upstream.lastEcho).toBe(before);
  });

  it('refuses a chunked body that grows past the limit with 413', async () => {
    const chunk = 'a'.repeat(256 * 1024);
    const head = postHead('/manager/api/order/save', 0).replace('Content-Length: 0', 'Transfer-Encoding: chunked');
    const chunks = `${`${chunk.length.toString(16)}\r\n${chunk}\r\n`.repeat(6)}0\r\n\r\n`;
    const res = await rawRequest(ports.staff, head, chunks);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual(failure('PAYLOAD_TOO_LARGE'));
  });

  it('refuses a body over the kiosk’s limit with 413', async () => {
    const body = Buffer.alloc(100_000, 'a');
    const res = await rawRequest(ports.kiosk, postHead('/manager/api/selfprint/find_examinee', body.length), body);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual(failure('PAYLOAD_TOO_LARGE'));
  });
});
