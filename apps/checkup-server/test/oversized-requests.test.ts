import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { failure } from '@checkup/api-contract';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { getHead, postHead, rawRequest } from './support/raw-http.js';

const VERSION = '/manager/api/commondata/version';

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  let port = 0;

  beforeAll(async () => {
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    port = (server.app.server.address() as AddressInfo).port;
  });

  it.each([16 * 1024 + 1, 40_000, 200_000])('answers a URL of %i bytes with 414 and the envelope', async (bytes) => {
    const res = await rawRequest(port, getHead(`${VERSION}?key=${'a'.repeat(bytes)}`));
    expect(res.status).toBe(414);
    expect(JSON.parse(res.body)).toEqual(failure('URI_TOO_LONG'));
  });

  it('answers a URL just under the limit', async () => {
    const res = await rawRequest(port, getHead(`${VERSION}?key=${'a'.repeat(16 * 1024 - VERSION.length - 5)}`));
    expect(res.status).toBe(200);
  });

  it('answers a header block over its limit with 431 and the envelope', async () => {
    const cookie = Array.from({ length: 4000 }, (_, i) => `c${i}=${'v'.repeat(20)}`).join('; ');
    const res = await rawRequest(port, getHead(VERSION, `cookie: ${cookie}\r\n`));
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual(failure('HEADERS_TOO_LARGE'));
  });

  it('refuses a form body over the call’s limit with 413 and the envelope', async () => {
    const body = Buffer.alloc(1024 * 1024 + 1, 'a');
    const res = await rawRequest(port, postHead('/manager/api/order/save', body.length), body);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual(failure('PAYLOAD_TOO_LARGE'));
  });
});
