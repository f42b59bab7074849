import { createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  SIGNING_TEST_KEY,
  parsePairs,
  signingVectors,
  stringToSign,
  withoutSignatureParams,
  type ParamPair,
} from '@checkup/api-contract';
import { signature } from '../../src/plugins/app/outgoing.js';
import { cookieOf, getAs, logIn, postForm, useGateway } from '../support/build.js';
import { fakeVersion, type EchoedRequest } from '../support/fake-upstream.js';

const SECRET = randomBytes(32);
const derive = (info: string) => Buffer.from(hkdfSync('sha256', SECRET, Buffer.alloc(0), info, 32));
const SIGN_KEY = derive('checkup-api-sign');
const ENCRYPT_KEY = derive('checkup-api-encrypt');
const ECHO = '/manager/api/test/echo';
const ENCRYPTED = ['password', 'cust_id_card'];
const signedVersion = {
  ...fakeVersion,
  encrypt_cfg: {
    api_integrity_verify: true,
    api_params_encrypt: true,
    api_encrypt_fields: ENCRYPTED,
    api_signature_sort: true,
  },
};

function decrypt(value: string): string {
  const bytes = Buffer.from(value.slice('enc1:'.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', ENCRYPT_KEY, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(-16));
  return Buffer.concat([decipher.update(bytes.subarray(12, -16)), decipher.final()]).toString('utf8');
}

/** Checks the request as the checkup server will, answering its pairs with encrypted fields decrypted. */
function verifyAsServer(echo: EchoedRequest) {
  const [path, query = ''] = echo.url.split('?') as [string, string?];
  const { pairs, signature: sig } = withoutSignatureParams([...parsePairs(query), ...parsePairs(echo.body)]);
  const text = stringToSign({
    method: echo.method,
    path,
    pairs,
    sort: true,
    timestamp: sig.timestamp!,
    nonce: sig.nonce!,
  });
  const expected = createHmac('sha256', SIGN_KEY).update(text).digest('base64url');
  const plain = pairs.map(([k, v]): ParamPair => [k, ENCRYPTED.includes(k) ? decrypt(v) : v]);
  return { valid: sig.signature === expected, timestamp: Number(sig.timestamp), nonce: sig.nonce, pairs, plain };
}

describe('signing and field encryption toward the checkup server', () => {
  const gw = useGateway({ API_SECRET: SECRET.toString('base64'), SECURITY_CONFIG_TTL_SECONDS: '0.001' });
  let sid: string;

  beforeAll(async () => {
    sid = await logIn(gw.app);
    gw.upstream.setVersion(signedVersion);
  });
  afterEach(() => {
    gw.upstream.setVersion(signedVersion);
    gw.upstream.lastEcho = undefined;
  });

  const getEcho = async (query: string) => {
    await getAs(gw.app, sid, `${ECHO}?${query}`);
    return verifyAsServer(gw.upstream.lastEcho!);
  };
  const postEcho = async (body: string) => {
    await postForm(gw.app, sid, `${ECHO}?page=1`, body);
    return verifyAsServer(gw.upstream.lastEcho!);
  };

  it('signs a GET query, encrypting the listed fields only', async () => {
    const checked = await getEcho('cust_id_card=110101199003071234&name=%E5%BC%A0%E4%B8%89&z=1&a=2');

    expect(checked.valid).toBe(true);
    expect(Math.abs(checked.timestamp - Date.now())).toBeLessThan(5000);
    expect(checked.pairs.find(([k]) => k === 'cust_id_card')?.[1]).toMatch(/^enc1:/);
    expect(checked.plain).toEqual([
      ['cust_id_card', '110101199003071234'],
      ['name', '张三'],
      ['z', '1'],
      ['a', '2'],
    ]);
  });

  it('signs a form POST over its query and body, encrypting the password', async () => {
    const checked = await postEcho('user_account=admin&password=s3cret%2B%26&note=%E4%BD%93%E6%A3%80');

    expect(checked.valid).toBe(true);
    expect(Math.abs(checked.timestamp - Date.now())).toBeLessThan(5000);
    expect(checked.pairs.find(([k]) => k === 'password')?.[1]).toMatch(/^enc1:/);
    expect(checked.plain).toEqual([
      ['page', '1'],
      ['user_account', 'admin'],
      ['password', 's3cret+&'],
      ['note', '体检'],
    ]);
    expect(gw.upstream.lastEcho?.headers['content-length']).toBe(String(Buffer.byteLength(gw.upstream.lastEcho!.body)));
  });

  it('uses a new nonce for every request', async () => {
    const first = await getEcho('a=1');
    const second = await getEcho('a=1');

    expect(first.nonce).toBeTruthy();
    expect(second.nonce).not.toBe(first.nonce);
  });

  it("gives '+' and %20 in a browser body the same signature check", async () => {
    const plus = await postEcho('note=a+b');
    const encoded = await postEcho('note=a%20b');

    for (const checked of [plus, encoded]) {
      expect(checked.valid).toBe(true);
      expect(checked.plain).toEqual([
        ['page', '1'],
        ['note', 'a b'],
      ]);
    }
  });

  it('drops signature parameters the browser sent itself before signing', async () => {
    const checked = await getEcho('a=1&api_nonce=planted&api_signature=planted');
    const names = parsePairs(gw.upstream.lastEcho!.url.split('?')[1]!).map(([k]) => k);

    expect(names.filter((k) => k.startsWith('api_')).sort()).toEqual(['api_nonce', 'api_signature', 'api_timestamp']);
    expect(checked.valid).toBe(true);
  });

  it.each(signingVectors.map((v) => [v.name, v] as const))('matches the golden vector: %s', (_name, vector) => {
    const pairs = [...parsePairs(vector.encodedQuery), ...parsePairs(vector.encodedBody)];

    expect(stringToSign({ ...vector.input, pairs })).toBe(vector.stringToSign);
    expect(signature(Buffer.from(SIGNING_TEST_KEY, 'utf8'), vector.stringToSign)).toBe(vector.signature);
  });

  it.each(['html', 'error-envelope'] as const)(
    'fails closed with 503 when the version info answers %s',
    async (answer) => {
      gw.upstream.setVersion(answer);

      const res = await gw.app.inject({ method: 'GET', url: `${ECHO}?a=1`, headers: cookieOf(sid) });

      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 503, data: null, msg: '无法读取服务端安全配置，请稍后再试' });
      expect(gw.upstream.lastEcho).toBeUndefined();
    },
  );

  it('fails closed with 503 when integrity is on and the gateway has no secret', async () => {
    gw.upstream.setVersion(fakeVersion);
    const keyless = await gw.buildForTest({
      API_SECRET_FILE: `${gw.web.dir}/no-such-dir/api-secret.key`,
      SECURITY_CONFIG_TTL_SECONDS: '0.001',
    });
    const keylessSid = await logIn(keyless);
    gw.upstream.setVersion(signedVersion);

    const res = await keyless.inject({ method: 'GET', url: `${ECHO}?a=1`, headers: cookieOf(keylessSid) });

    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 503, data: null, msg: '网关缺少接口签名密钥，请联系管理员' });
    expect(gw.upstream.lastEcho).toBeUndefined();
  });
});
