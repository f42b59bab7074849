import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { SIGNATURE_WINDOW_MS } from '@checkup/api-contract';
import { auditLog, userSessions } from '../src/db/schema.js';
import { encrypt, useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { signedRequest, updateApiSecurity, type SignedCall } from './support/signing.js';

const LOGIN = '/manager/api/login/login';
const USER_INFO = '/manager/api/login/user_info';
const VERSION = '/manager/api/commondata/version';
const SIX_MINUTES = 6 * 60_000;
const INVALID = { status: 403, data: null, msg: '请求签名校验失败' };
const EXPIRED = { status: 403, data: null, msg: '请求已过期，请检查服务器时间' };
const REUSED = { status: 403, data: null, msg: '重复的请求，已拒绝' };

const editPayload = (options: InjectOptions, edit: (payload: string) => string): InjectOptions => ({
  ...options,
  payload: edit(String(options.payload)),
});

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  beforeAll(() => updateApiSecurity(server.database.db, { api_integrity_verify: true, api_signature_sort: true }));

  const password = () => encrypt('Checkup@2026', server.keys.publicKeyPem);
  const loginBody = () => new URLSearchParams({ user_account: 'admin', password: password() }).toString();
  const signedLogin = (call: Partial<SignedCall> = {}) =>
    signedRequest(server.apiKeys.sign, { method: 'POST', path: LOGIN, body: loginBody(), ...call });
  const writes = async () => [await server.database.db.$count(auditLog), await server.database.db.$count(userSessions)];
  const expectRefusedWritingNothing = async (options: InjectOptions, answer: object) => {
    const before = await writes();
    const res = await server.app.inject(options);
    expect(res.json()).toEqual(answer);
    expect(res.statusCode).toBe(403);
    expect(await writes()).toEqual(before);
  };

  it('logs in with a correctly signed form', async () => {
    const [audits, sessions] = await writes();
    const res = await server.app.inject(signedLogin());
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.user_account).toBe('admin');
    expect(await writes()).toEqual([audits! + 1, sessions! + 1]);
  });

  it('refuses a login whose parameter was changed after signing and writes nothing', async () => {
    const tampered = editPayload(signedLogin(), (p) => p.replace('user_account=admin', 'user_account=root'));
    await expectRefusedWritingNothing(tampered, INVALID);
  });

  it('refuses a login with a parameter added after signing and writes nothing', async () => {
    await expectRefusedWritingNothing(
      editPayload(signedLogin(), (p) => `${p}&user_name=x`),
      INVALID,
    );
  });

  it('refuses a login signed with another key and writes nothing', async () => {
    const forged = signedRequest(randomBytes(32), { method: 'POST', path: LOGIN, body: loginBody() });
    await expectRefusedWritingNothing(forged, INVALID);
  });

  it('refuses an unsigned login and writes nothing', async () => {
    const unsigned = { method: 'POST', url: LOGIN, payload: loginBody() } as const;
    await expectRefusedWritingNothing(
      { ...unsigned, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      INVALID,
    );
  });

  it('refuses a JSON body, which the signature cannot cover, even with a signed query', async () => {
    const emptyForm = signedRequest(server.apiKeys.sign, { method: 'POST', path: LOGIN });
    await expectRefusedWritingNothing(
      {
        method: 'POST',
        url: `${LOGIN}?${String(emptyForm.payload)}`,
        payload: { user_account: 'admin', password: password() },
      },
      INVALID,
    );
  });

  it.each([
    ['6 minutes old', -SIX_MINUTES],
    ['6 minutes ahead', SIX_MINUTES],
  ])('refuses a correctly signed login whose timestamp is %s and writes nothing', async (_case, offset) => {
    await expectRefusedWritingNothing(signedLogin({ timestamp: Date.now() + offset }), EXPIRED);
  });

  it('accepts a timestamp 4 minutes old, within the window', async () => {
    const res = await server.app.inject(signedLogin({ timestamp: Date.now() - SIGNATURE_WINDOW_MS + 60_000 }));
    expect(res.statusCode).toBe(200);
  });

  it('refuses a replayed login by its nonce and writes nothing the second time', async () => {
    const original = signedLogin();
    expect((await server.app.inject(original)).statusCode).toBe(200);
    await expectRefusedWritingNothing(original, REUSED);
  });

  it("verifies a body with '+' for a space exactly as one with %20, and tells a literal plus apart", async () => {
    const body = `user_account=admin+&password=${encodeURIComponent(password())}`;
    expect((await server.app.inject(signedLogin({ body }))).statusCode).toBe(200);
    const percent = editPayload(signedLogin({ body }), (p) => p.replace('admin+', 'admin%20'));
    expect((await server.app.inject(percent)).statusCode).toBe(200);
    const literalPlus = editPayload(signedLogin({ body }), (p) => p.replace('admin+', 'admin%2B'));
    expect((await server.app.inject(literalPlus)).json()).toEqual(INVALID);
  });

  it('keeps the version info reachable unsigned, so the BFF can learn it must sign', async () => {
    const res = await server.app.inject({ method: 'GET', url: VERSION });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.encrypt_cfg.api_integrity_verify).toBe(true);
  });

  it('refuses an unsigned call before authentication looks at it', async () => {
    const res = await server.app.inject({ method: 'GET', url: USER_INFO });
    expect(res.json()).toEqual(INVALID);
  });

  it('accepts a GET signed in its query string, the session token travelling as usual', async () => {
    const token = (await server.app.inject(signedLogin())).json().data.token as string;
    const headers = { 'x-checkup-token': token };
    const res = await server.app.inject(
      signedRequest(server.apiKeys.sign, { method: 'GET', path: USER_INFO, headers }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user_account).toBe('admin');
  });

  it('checks the travelling order when api_signature_sort is off', async () => {
    await updateApiSecurity(server.database.db, { api_signature_sort: false });
    try {
      // loginBody travels user_account first, so sorting would put password ahead of it.
      expect((await server.app.inject(signedLogin({ sort: false }))).statusCode).toBe(200);
      expect((await server.app.inject(signedLogin({ sort: true }))).json()).toEqual(INVALID);
    } finally {
      await updateApiSecurity(server.database.db, { api_signature_sort: true });
    }
  });

  it('answers unsigned calls as before once verification is switched off again', async () => {
    await updateApiSecurity(server.database.db, { api_integrity_verify: false });
    try {
      expect((await server.app.inject({ method: 'GET', url: USER_INFO })).statusCode).toBe(401);
    } finally {
      await updateApiSecurity(server.database.db, { api_integrity_verify: true });
    }
  });
});
