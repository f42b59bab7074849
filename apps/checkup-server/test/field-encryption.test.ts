import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { auditLog, userSessions } from '../src/db/schema.js';
import { encryptField } from '../src/modules/security/field-crypto.js';
import { encrypt, useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { signedRequest, updateApiSecurity } from './support/signing.js';

const LOGIN = '/manager/api/login/login';
const USER_INFO = '/manager/api/login/user_info';
const UNREADABLE = { status: 400, data: null, msg: '加密字段无法解密' };

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  beforeAll(() =>
    updateApiSecurity(server.database.db, {
      api_integrity_verify: true,
      api_params_encrypt: true,
      api_encrypt_fields: ['password', 'cust_id_card'],
    }),
  );

  const rsaPassword = () => encrypt('Checkup@2026', server.keys.publicKeyPem);
  const signedLogin = (password: string) =>
    signedRequest(server.apiKeys.sign, {
      method: 'POST',
      path: LOGIN,
      body: new URLSearchParams({ user_account: 'admin', password }).toString(),
    });
  const writes = async () => [await server.database.db.$count(auditLog), await server.database.db.$count(userSessions)];
  const expectUnreadableWritingNothing = async (options: InjectOptions) => {
    const before = await writes();
    const res = await server.app.inject(options);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(UNREADABLE);
    expect(await writes()).toEqual(before);
  };

  it('decrypts a listed field before the login sees it', async () => {
    const res = await server.app.inject(signedLogin(encryptField(rsaPassword(), server.apiKeys.encrypt)));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.user_account).toBe('admin');
  });

  it('refuses an unencrypted value of a listed field and writes nothing', async () => {
    await expectUnreadableWritingNothing(signedLogin(rsaPassword()));
  });

  it('refuses a listed field encrypted under another key and writes nothing', async () => {
    await expectUnreadableWritingNothing(signedLogin(encryptField(rsaPassword(), randomBytes(32))));
  });

  it('decrypts listed fields in a query string too, and refuses them there unencrypted', async () => {
    const token = (await server.app.inject(signedLogin(encryptField(rsaPassword(), server.apiKeys.encrypt)))).json()
      .data.token as string;
    const call = (idCard: string) =>
      signedRequest(server.apiKeys.sign, {
        method: 'GET',
        path: USER_INFO,
        query: new URLSearchParams({ cust_id_card: idCard }).toString(),
        headers: { 'x-checkup-token': token },
      });
    expect((await server.app.inject(call(encryptField('110101199003074514', server.apiKeys.encrypt)))).statusCode).toBe(
      200,
    );
    await expectUnreadableWritingNothing(call('110101199003074514'));
  });

  it('checks the signature first, so a forged call never reaches decryption', async () => {
    const forged = signedRequest(randomBytes(32), {
      method: 'POST',
      path: LOGIN,
      body: new URLSearchParams({ user_account: 'admin', password: rsaPassword() }).toString(),
    });
    expect((await server.app.inject(forged)).json()).toMatchObject({ status: 403, msg: '请求签名校验失败' });
  });

  it('decrypts listed fields when encryption is on and signing is off', async () => {
    await updateApiSecurity(server.database.db, { api_integrity_verify: false });
    try {
      const password = encryptField(rsaPassword(), server.apiKeys.encrypt);
      const res = await server.app.inject({
        method: 'POST',
        url: LOGIN,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ user_account: 'admin', password }).toString(),
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await updateApiSecurity(server.database.db, { api_integrity_verify: true });
    }
  });
});
