import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAME_ORIGIN, cookieOf, getAs, logIn, useGateway } from '../support/build.js';
import { BIG_BYTES, FAULT, bigDownload, bigJsonText, startFakeUpstream } from '../support/fake-upstream.js';

const TIGHT_MS = 400;
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

describe('upstream faults', () => {
  const tight = useGateway({
    UPSTREAM_HEADERS_TIMEOUT_MS: String(TIGHT_MS),
    UPSTREAM_BODY_TIMEOUT_MS: String(TIGHT_MS),
  });
  const normal = useGateway();
  let tightSid: string;
  let sid: string;

  beforeAll(async () => {
    await tight.app.listen({ host: '127.0.0.1', port: 0 });
    tightSid = await logIn(tight.app);
    sid = await logIn(normal.app);
  });

  const get = (app: FastifyInstance, url: string) => getAs(app, app === tight.app ? tightSid : sid, url);
  const expectStillAnswering = async (app: FastifyInstance) =>
    expect((await get(app, '/manager/api/login/user_info')).statusCode).toBe(200);

  function getOverHttp(url: string): { response: Promise<IncomingMessage>; destroy(): void } {
    const { port } = tight.app.server.address() as AddressInfo;
    const req = httpRequest({ host: '127.0.0.1', port, path: url, headers: cookieOf(tightSid) });
    const response = new Promise<IncomingMessage>((resolve, reject) => {
      req.once('response', resolve).once('error', reject);
    });
    req.end();
    return { response, destroy: () => req.destroy() };
  }

  it('answers 504 when the upstream never sends headers', async () => {
    const res = await get(tight.app, `${FAULT}/hang`);

    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual({ status: 504, data: null, msg: '网络繁忙，请稍后再试' });
  });

  it('answers 504 when a JSON answer stalls after its headers', async () => {
    const started = Date.now();
    const res = await get(tight.app, `${FAULT}/stall`);

    expect(res.statusCode).toBe(504);
    expect(Date.now() - started).toBeLessThan(TIGHT_MS * 10);
    await expectStillAnswering(tight.app);
  });

  it('aborts a streamed download that stalls mid-body and keeps answering', async () => {
    const res = await getOverHttp(`${FAULT}/stall?type=octet`).response;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(BIG_BYTES));
    let received = 0;
    let failure: Error | undefined;
    res.on('data', (chunk: Buffer) => (received += chunk.length)).on('error', (error) => (failure = error));

    await new Promise((resolve) => res.once('close', resolve));

    expect(res.complete).toBe(false);
    expect(failure?.message).toBe('aborted');
    expect(received).toBeLessThan(BIG_BYTES);
    await expectStillAnswering(tight.app);
  });

  it('answers 502 when the upstream resets the connection, after one retry of the GET', async () => {
    const before = normal.upstream.calls.reset;

    const res = await get(normal.app, `${FAULT}/reset`);

    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ status: 502, data: null, msg: '网络连接失败，请稍后再试' });
    expect(normal.upstream.calls.reset - before).toBe(2);
  });

  it('passes a 10 MB JSON answer intact', async () => {
    const res = await get(normal.app, `${FAULT}/big-json`);

    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBe(bigJsonText().length);
    expect(sha256(res.body)).toBe(sha256(bigJsonText()));
  });

  it('streams a 10 MB download through with its length and bytes', async () => {
    const res = await get(normal.app, `${FAULT}/download`);

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-length']).toBe(String(BIG_BYTES));
    expect(res.headers['content-disposition']).toBe('attachment; filename="big.bin"');
    expect(sha256(res.rawPayload)).toBe(sha256(bigDownload()));
  });

  it('streams a 10 MB multipart upload to the upstream', async () => {
    const boundary = 'checkup-boundary-7f3a';
    const file = bigDownload();
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.bin"\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);

    const res = await normal.app.inject({
      method: 'POST',
      url: `${FAULT}/upload`,
      headers: { ...SAME_ORIGIN, ...cookieOf(sid), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { bytes: payload.length, sha256: sha256(payload), type: `multipart/form-data; boundary=${boundary}` },
    });
  });

  it('still answers a slow upstream (1.5 s) within the timeouts', async () => {
    const res = await get(normal.app, `${FAULT}/slow?ms=1500`);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, data: 'late', msg: '操作成功' });
  });

  it('cancels the upstream request when the browser goes away', async () => {
    const held = once(tight.upstream.events, 'held');
    const closed = once(tight.upstream.events, 'held-closed');
    const call = getOverHttp(`${FAULT}/hold`);
    call.response.catch(() => undefined);

    await held;
    call.destroy();
    const [{ answered }] = (await closed) as [{ answered: boolean }];

    expect(answered).toBe(false);
    await expectStillAnswering(tight.app);
  });

  it('answers 502 when the upstream goes away during a session', async () => {
    const gone = await startFakeUpstream();
    const app = await normal.buildForTest({ UPSTREAM_URL: gone.url });
    const goneSid = await logIn(app);
    await gone.stop();

    const res = await app.inject({ method: 'GET', url: '/manager/api/test/echo', headers: cookieOf(goneSid) });

    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ status: 502, data: null, msg: '网络连接失败，请稍后再试' });
  });
});
