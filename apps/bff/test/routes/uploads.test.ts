import { createHmac, hash, hkdfSync, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BODY_DIGEST_PARAM,
  failure,
  parsePairs,
  stringToSign,
  uploadExceptionImageRoute,
  withoutSignatureParams,
} from '@checkup/api-contract';
import { SAME_ORIGIN, cookieOf, logIn, useGateway } from '../support/build.js';
import { fakeVersion } from '../support/fake-upstream.js';

const SECRET = randomBytes(32);
const SIGN_KEY = Buffer.from(hkdfSync('sha256', SECRET, Buffer.alloc(0), 'checkup-api-sign', 32));
const UPLOAD = `${uploadExceptionImageRoute.path}?order_id=20261121000001&id=1`;
const ECHO = '/manager/api/test/echo';
const BOUNDARY = 'x-boundary-7c1f';

/** A multipart body of one ASCII "file", so the fake upstream's text echo can show it. */
function multipart(bytes: number) {
  const head = `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`;
  return Buffer.from(`${head}${'p'.repeat(bytes)}\r\n--${BOUNDARY}--\r\n`);
}
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

describe('uploads through the gateway: the one multipart path (issue 17 §2)', () => {
  const gw = useGateway({ API_SECRET: SECRET.toString('base64'), SECURITY_CONFIG_TTL_SECONDS: '0.001' });
  let sid: string;
  beforeAll(async () => {
    sid = await logIn(gw.app);
  });

  const send = (url: string, payload: Buffer, headers: Record<string, string>) =>
    gw.app.inject({ method: 'POST', url, payload, headers: { ...MULTIPART, ...headers } });

  it('refuses an upload from another origin', async () => {
    const res = await send(UPLOAD, multipart(10), { ...cookieOf(sid), origin: 'http://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(failure('CSRF_REJECTED'));
  });

  it('refuses an upload without a session', async () => {
    const res = await send(UPLOAD, multipart(10), SAME_ORIGIN);
    expect(res.json()).toEqual(failure('NOT_LOGGED_IN'));
  });

  it('refuses a body over the call’s limit with 413 before anything is forwarded', async () => {
    gw.upstream.lastEcho = undefined;
    const res = await send(UPLOAD, multipart(uploadExceptionImageRoute.bodyLimit!), {
      ...cookieOf(sid),
      ...SAME_ORIGIN,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(failure('PAYLOAD_TOO_LARGE'));
  });

  it('forwards the body whole, signed by its digest among the query’s pairs', async () => {
    gw.upstream.setVersion({
      ...fakeVersion,
      encrypt_cfg: {
        api_integrity_verify: true,
        api_params_encrypt: false,
        api_encrypt_fields: [],
        api_signature_sort: true,
      },
    });
    try {
      const body = multipart(1000);
      // A digest the browser wrote is not the gateway's: it is replaced.
      await send(`${ECHO}?id=1&${BODY_DIGEST_PARAM}=forged`, body, { ...cookieOf(sid), ...SAME_ORIGIN });
      const echo = gw.upstream.lastEcho!;
      expect(echo.body).toBe(body.toString());
      expect(echo.headers['content-length']).toBe(String(body.length));

      const [path, query] = echo.url.split('?') as [string, string];
      const { pairs, signature } = withoutSignatureParams(parsePairs(query));
      expect(pairs).toEqual([
        ['id', '1'],
        [BODY_DIGEST_PARAM, hash('sha256', body, 'base64url')],
      ]);
      const text = stringToSign({
        method: 'POST',
        path,
        pairs,
        sort: true,
        timestamp: signature.timestamp!,
        nonce: signature.nonce!,
      });
      expect(signature.signature).toBe(createHmac('sha256', SIGN_KEY).update(text).digest('base64url'));
    } finally {
      gw.upstream.setVersion(fakeVersion);
    }
  });
});
