import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginRoute } from '@checkup/api-contract';
import { SAME_ORIGIN, cookieOf, logIn, useGateway } from '../support/build.js';

const UPSTREAM_FAILURES = new Set([502, 503, 504]);

const byteEscape = fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`);
const segment = fc.oneof(
  { arbitrary: fc.string({ maxLength: 12, unit: 'binary' }).map(encodeURIComponent), weight: 4 },
  { arbitrary: fc.array(byteEscape, { minLength: 1, maxLength: 6 }).map((bytes) => bytes.join('')), weight: 1 },
  {
    arbitrary: fc.constantFrom('..', '.', '%00', '%2e%2e', '%2F', '%', '%zz', '%E4%B8', ';', '~', '', 'order'),
    weight: 2,
  },
  { arbitrary: fc.integer({ min: 100, max: 3000 }).map((n) => 'a'.repeat(n)), weight: 1 },
);
const path = fc.array(segment, { minLength: 1, maxLength: 6 }).map((parts) => `/manager/api/${parts.join('/')}`);
const query = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 16 })), { maxLength: 5 })
    .map((pairs) => `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`),
  fc
    .array(fc.oneof(byteEscape, fc.constantFrom('&', '=', '+', '%', '?', '#', 'a')), { maxLength: 20 })
    .map((parts) => `?${parts.join('')}`),
);
const body = fc.oneof(
  fc.record({ type: fc.constant(undefined), payload: fc.constant(undefined) }),
  fc.record({ type: fc.constant('application/x-www-form-urlencoded'), payload: fc.string({ maxLength: 200 }) }),
  fc.record({
    type: fc.constant('application/x-www-form-urlencoded'),
    payload: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  }),
  fc.record({
    type: fc.constantFrom('application/json', 'application/json; charset=utf-8'),
    payload: fc.oneof(fc.string({ maxLength: 100 }), fc.json(), fc.constantFrom('{', '{"a":', '[1,,]', 'null')),
  }),
  fc.record({
    type: fc.constantFrom('text/plain', 'application/xml', 'multipart/form-data', 'image/png', 'x/y; z', '*/*'),
    payload: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  }),
);
const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH') as fc.Arbitrary<
    'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'
  >,
  url: fc.tuple(path, query).map(([p, q]) => p + q),
  body,
  withSession: fc.boolean(),
  withOrigin: fc.boolean(),
});

function expectWellFormed(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode < 500 || UPSTREAM_FAILURES.has(res.statusCode), `${res.statusCode} ${res.body}`).toBe(true);
  if (/json/.test(String(res.headers['content-type'] ?? ''))) {
    const answer = JSON.parse(res.body) as Record<string, unknown>;
    expect(Object.keys(answer).sort(), res.body).toEqual(['data', 'msg', 'status']);
    expect(typeof answer.status).toBe('number');
    expect(typeof answer.msg).toBe('string');
  }
}

describe('malformed requests', () => {
  const gw = useGateway({ LOGIN_RATE_LIMIT_PER_MINUTE: '100000' });
  let sid: string;

  beforeAll(async () => {
    sid = await logIn(gw.app);
  });

  const stillWorks = async () => {
    expect((await gw.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await gw.app.inject({ method: 'GET', url: '/manager/api/commondata/version' })).statusCode).toBe(200);
  };

  it.each([
    ['an invalid percent-encoding', 'GET', '/manager/api/%E4%B8/list'],
    ['a lone percent sign', 'GET', '/manager/api/order/%'],
    ['an unknown /manager path', 'GET', '/manager/'],
    ['a method no route takes', 'OPTIONS', '/manager/api/order/list'],
  ] as const)('answers %s with an envelope', async (_label, method, url) => {
    const res = await gw.app.inject({ method, url, headers: SAME_ORIGIN });

    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expectWellFormed(res);
  });

  it('answers arbitrary requests under /manager/api/ with an envelope and no gateway 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const headers: Record<string, string> = {
          ...(r.body.type ? { 'content-type': r.body.type } : {}),
          ...(r.withOrigin ? SAME_ORIGIN : {}),
          ...(r.withSession ? cookieOf(sid) : {}),
        };
        const res = await gw.app.inject({ method: r.method, url: r.url, headers, payload: r.body.payload });
        expectWellFormed(res);
      }),
      { numRuns: 200 },
    );
    await stillWorks();
  });

  it('answers arbitrary login forms without a 5xx', async () => {
    const field = fc.option(fc.oneof(fc.string({ maxLength: 80 }), fc.string({ minLength: 2000, maxLength: 2100 })), {
      nil: undefined,
    });
    const form = fc.record({ user_account: field, password: field, extra: field }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(form, async (fields) => {
        const entries = Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined);
        const res = await gw.app.inject({
          method: 'POST',
          url: loginRoute.path,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...SAME_ORIGIN },
          payload: new URLSearchParams(entries).toString(),
        });
        expectWellFormed(res);
        const valid = loginRoute.input.safeParse(Object.fromEntries(entries)).success;
        if (!valid) expect(res.statusCode).toBe(400);
      }),
      { numRuns: 200 },
    );
    await stillWorks();
  });
});
