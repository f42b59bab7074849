import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { upstreamLoginRoute, userInfoRoute } from '@checkup/api-contract';
import { auditLog, users, userSessions } from '../src/db/schema.js';
import { loadPasswordKeys } from '../src/modules/auth/keys.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { encrypt, form, useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';

const PUBLIC_KEY = '/manager/api/login/public_key';
const LOGIN = '/manager/api/login/login';
const LOGOUT = '/manager/api/login/logout';
const USER_INFO = '/manager/api/login/user_info';
const ADMIN_PASSWORD = 'Checkup@2026';
const NOT_LOGGED_IN = { status: 401, data: null, msg: '登录信息已过期，请重新登录' };
const UNREADABLE = { status: 400, data: null, msg: '密码无法解密，请刷新页面后重试' };

describeOnEachDatabase((target) => {
  const server = useTestServer(target);

  const post = (url: string, fields: Record<string, string>, token?: string) => {
    const { headers, payload } = form(fields);
    return server.app.inject({
      method: 'POST',
      url,
      payload,
      headers: token ? { ...headers, 'x-checkup-token': token } : headers,
    });
  };
  const login = (account: string, password: string) =>
    post(LOGIN, { user_account: account, password: encrypt(password, server.keys.publicKeyPem) });
  const userInfo = (token?: string) =>
    server.app.inject({ method: 'GET', url: USER_INFO, headers: token ? { 'x-checkup-token': token } : {} });
  const loginToken = async () => (await login('admin', ADMIN_PASSWORD)).json().data.token as string;
  const sessionCount = () => server.database.db.$count(userSessions);
  const auditCount = (action?: string) =>
    server.database.db.$count(auditLog, action ? eq(auditLog.action, action) : undefined);

  it('serves the public key as PEM and keeps the same key pair when the keys are loaded again', async () => {
    const res = await server.app.inject({ method: 'GET', url: PUBLIC_KEY });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.data.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+-----END PUBLIC KEY-----\n?$/);
    const reloaded = await loadPasswordKeys(server.keysDir);
    expect(reloaded.publicKeyPem).toBe(body.data.public_key);
    expect(reloaded.decrypt(encrypt('密码-Checkup', body.data.public_key))).toBe('密码-Checkup');
  });

  it('logs the demo administrator in with the encrypted password and answers the user and a token', async () => {
    const before = await sessionCount();
    const res = await login('admin', ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.data.user).toMatchObject({ user_account: 'admin', user_name: '系统管理员', special_flag: '1' });
    expect(typeof body.data.token).toBe('string');
    expect(body.data.token.length).toBeGreaterThanOrEqual(32);
    expect(() => upstreamLoginRoute.output.parse(body.data)).not.toThrow();
    expect(await sessionCount()).toBe(before + 1);
  });

  it('refuses a wrong password with the spec message, writes no session and audits the failure', async () => {
    const [sessions, failures] = [await sessionCount(), await auditCount('login_failed')];
    const res = await login('admin', 'Checkup@2025');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, data: null, msg: '用户账号或密码错误' });
    expect(await sessionCount()).toBe(sessions);
    expect(await auditCount('login_failed')).toBe(failures + 1);
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const [sessions, failures] = [await sessionCount(), await auditCount('login_failed')];
    const res = await login('nobody', ADMIN_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, data: null, msg: '用户账号或密码错误' });
    expect(await sessionCount()).toBe(sessions);
    expect(await auditCount('login_failed')).toBe(failures + 1);
  });

  it('refuses a plain password as undecryptable', async () => {
    const res = await post(LOGIN, { user_account: 'admin', password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(UNREADABLE);
  });

  it('answers a ciphertext that does not decrypt exactly like a wrong password, leaving no padding oracle', async () => {
    const failures = await auditCount('login_failed');
    const garbage = Buffer.from('x'.repeat(120)).toString('base64');
    const res = await post(LOGIN, { user_account: 'admin', password: garbage });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, data: null, msg: '用户账号或密码错误' });
    expect(await auditCount('login_failed')).toBe(failures + 1);
  });

  it.each([
    [{ password: 'x'.repeat(100) }, '请输入用户账号'],
    [{ user_account: 'admin' }, '请输入密码'],
    [{}, '请输入用户账号'],
  ])('answers a login form missing a field (%o) with a Chinese message', async (fields, msg) => {
    const res = await post(LOGIN, fields);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, data: null, msg });
  });

  it('answers a repeated form field with a Chinese message', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'user_account=admin&user_account=root&password=xxx',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('does not extend a session through public calls that carry its token', async () => {
    const token = await loginToken();
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const old = new Date(Date.now() - 60_000);
    const { db } = server.database;
    await db.update(userSessions).set({ lastSeenAt: old }).where(eq(userSessions.tokenHash, tokenHash));
    await server.app.inject({
      method: 'GET',
      url: '/manager/api/commondata/version',
      headers: { 'x-checkup-token': token },
    });
    const [row] = await db.select().from(userSessions).where(eq(userSessions.tokenHash, tokenHash));
    expect(row!.lastSeenAt.getTime()).toBe(old.getTime());
  });

  it('rejects an empty account with the contract message and writes nothing', async () => {
    const [sessions, audits] = [await sessionCount(), await auditCount()];
    const res = await login('', ADMIN_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, data: null, msg: '请输入用户账号' });
    expect(await sessionCount()).toBe(sessions);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses user_info without a token', async () => {
    const res = await userInfo();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_LOGGED_IN);
  });

  it('answers user_info with the logged-in user for a valid token', async () => {
    const res = await userInfo(await loginToken());
    expect(res.statusCode).toBe(200);
    const user = userInfoRoute.output.parse(res.json().data);
    expect(user).toMatchObject({ user_account: 'admin', user_name: '系统管理员', special_flag: '1' });
  });

  it('ends the session on logout so the same token is refused afterwards', async () => {
    const token = await loginToken();
    const sessions = await sessionCount();
    const res = await post(LOGOUT, {}, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200, data: null });
    expect(await sessionCount()).toBe(sessions - 1);
    expect(await auditCount('logout')).toBeGreaterThanOrEqual(1);
    const after = await userInfo(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(NOT_LOGGED_IN);
  });

  it('refuses a session idle for longer than the configured minutes', async () => {
    const token = await loginToken();
    expect((await userInfo(token)).statusCode).toBe(200);
    const tokenHash = createHash('sha256').update(token).digest('hex');
    await server.database.db
      .update(userSessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 60 * 60_000) })
      .where(eq(userSessions.tokenHash, tokenHash));
    const res = await userInfo(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_LOGGED_IN);
  });

  it('refuses a disabled user with the spec message, writes no session and audits the attempt', async () => {
    await server.database.db.insert(users).values({
      userAccount: 'disabled_doctor',
      userName: '停用医生',
      passwordHash: await hashPassword('Doctor@2026'),
      status: '0',
    });
    const sessions = await sessionCount();
    const res = await login('disabled_doctor', 'Doctor@2026');
    expect(res.json()).toEqual({ status: 403, data: null, msg: '账号已停用，请联系管理员' });
    expect(res.statusCode).toBe(403);
    expect(await sessionCount()).toBe(sessions);
    expect(await auditCount('login_refused_disabled')).toBe(1);
  });
});
