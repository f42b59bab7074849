import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '@checkup/launcher';
import { startTestStack } from '../support/stack.js';

const FORM = 'application/x-www-form-urlencoded';

describe('gateway in front of the real checkup server (signing and field encryption on)', () => {
  let stack: Stack;
  let publicKey: string;

  const encrypt = (password: string) =>
    forge.util.encode64(
      forge.pki.publicKeyFromPem(publicKey).encrypt(forge.util.encodeUtf8(password), 'RSAES-PKCS1-V1_5'),
    );

  const login = (account: string, password: string) =>
    fetch(`${stack.url}/manager/api/login/login`, {
      method: 'POST',
      headers: { 'content-type': FORM, origin: stack.url },
      body: new URLSearchParams({ user_account: account, password: encrypt(password) }),
    });

  beforeAll(async () => {
    stack = await startTestStack();
    const res = await fetch(`${stack.url}/manager/api/login/public_key`);
    publicKey = ((await res.json()) as { data: { public_key: string } }).data.public_key;
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('reports that every call is signed and which fields travel encrypted', async () => {
    const res = await fetch(`${stack.url}/manager/api/commondata/version`);
    const body = (await res.json()) as { data: { encrypt_cfg: Record<string, unknown> } };
    expect(body.data.encrypt_cfg).toMatchObject({ api_integrity_verify: true, api_params_encrypt: true });
  });

  it('logs in through the gateway, which signs the call and encrypts the password field', async () => {
    const res = await login('admin', 'Checkup@2026');
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^checkup_sid=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    const me = await fetch(`${stack.url}/manager/api/login/user_info`, { headers: { cookie: cookie.split(';')[0]! } });
    expect(((await me.json()) as { data: { user_name: string } }).data.user_name).toBe('系统管理员');
  });

  it('has the checkup server refuse a call that did not come signed through the gateway', async () => {
    const res = await fetch(`${stack.checkupUrl}/manager/api/login/login`, {
      method: 'POST',
      headers: { 'content-type': FORM },
      body: new URLSearchParams({ user_account: 'admin', password: encrypt('Checkup@2026') }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { msg: string }).msg).toBe('请求签名校验失败');
  });

  // The checkup server keeps the lock on the account (issue 21), so the probe is a real demo account
  // this file signs in as nowhere else.
  it('locks an account after five wrong passwords, even for the right one', async () => {
    for (let i = 0; i < 5; i += 1) {
      const res = await login('expert', 'Wrong#pass1');
      expect(((await res.json()) as { msg: string }).msg).toBe('用户账号或密码错误');
    }
    const locked = await login('expert', 'Checkup@2026');
    expect(locked.status).toBe(423);
    expect(((await locked.json()) as { msg: string }).msg).toBe('登录失败次数过多，账号已锁定15分钟，请稍后再试');
  });

  it('answers only self-print calls on the kiosk port', async () => {
    expect((await fetch(`${stack.kioskUrl}/manager/api/commondata/version`)).status).toBe(200);
    const refused = await fetch(`${stack.kioskUrl}/manager/api/login/user_info`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { msg: string }).msg).toBe('自助终端不允许此操作');
  });

  it('is ready and counts its requests', async () => {
    expect((await fetch(`${stack.url}/readyz`)).status).toBe(200);
    const metrics = await (await fetch(`${stack.url}/metrics`)).text();
    expect(metrics).toMatch(
      /bff_http_request_duration_seconds_count\{route="\/manager\/api\/login\/login",method="POST",status="200"\} [1-9]/,
    );
  });
});
