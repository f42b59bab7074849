import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import { UPSTREAM_TOKEN_HEADER, type UserInfo, type VersionInfo } from '@checkup/api-contract';

export const GOOD_ACCOUNT = 'admin';
export const GOOD_CIPHERTEXT = `${'Q2hl+Y2t1/cC1j'.repeat(8)}aXBo==`;
export const SLOW_ACCOUNT = 'slow';
export const FAKE_PUBLIC_KEY =
  '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----';
export const SLOW_DELAY_MS = 3000;

export const fakeUser: UserInfo = {
  id: 1,
  user_account: 'admin',
  user_name: '系统管理员',
  special_flag: '1',
  role_menu: ['*'],
};

export const fakeVersion: VersionInfo = {
  name: '体检管理系统',
  version: '1.0.0',
  service_type: 1,
  systemColorStyle: 'blue',
  is_record_fill_in_password: false,
  encrypt_cfg: {
    api_params_encrypt: false,
    api_integrity_verify: false,
    api_encrypt_fields: [],
    api_signature_sort: false,
  },
};

export interface EchoedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface FakeUpstream {
  url: string;
  /** Every token issued and not yet invalidated. */
  tokens: Set<string>;
  calls: { login: number; userInfo: number; counted: number; publicKey: number; version: number };
  logoutTokens: (string | undefined)[];
  lastEcho: EchoedRequest | undefined;
  invalidateTokens(): void;
  stop(): Promise<void>;
}

function tokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[UPSTREAM_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const app: FastifyInstance = Fastify({ logger: false });
  const state: Omit<FakeUpstream, 'url' | 'stop' | 'invalidateTokens'> = {
    tokens: new Set(),
    calls: { login: 0, userInfo: 0, counted: 0, publicKey: 0, version: 0 },
    logoutTokens: [],
    lastEcho: undefined,
  };
  const unauthorized = (reply: FastifyReply) =>
    reply.status(401).send({ status: 401, data: null, msg: '登录信息已过期，请重新登录' });

  await app.register(async (auth) => {
    await auth.register(formbody);
    auth.post<{ Body: Record<string, string> }>('/manager/api/login/login', async (request, reply) => {
      state.calls.login += 1;
      const { user_account, password } = request.body ?? {};
      if (user_account === SLOW_ACCOUNT) await new Promise((resolve) => setTimeout(resolve, SLOW_DELAY_MS));
      if (user_account !== GOOD_ACCOUNT || password !== GOOD_CIPHERTEXT) {
        return reply.status(400).send({ status: 400, data: null, msg: '用户账号或密码错误' });
      }
      const token = randomBytes(32).toString('hex');
      state.tokens.add(token);
      return { status: 200, data: { user: fakeUser, token }, msg: '登录成功' };
    });
    auth.post('/manager/api/login/logout', async (request) => {
      const token = tokenOf(request);
      state.logoutTokens.push(token);
      if (token) state.tokens.delete(token);
      return { status: 200, data: null, msg: '已退出登录' };
    });
    auth.get('/manager/api/login/user_info', async (request, reply) => {
      state.calls.userInfo += 1;
      const token = tokenOf(request);
      if (!token || !state.tokens.has(token)) return unauthorized(reply);
      return { status: 200, data: fakeUser, msg: '操作成功' };
    });
  });

  app.get('/manager/api/login/public_key', async () => {
    state.calls.publicKey += 1;
    return { status: 200, data: { public_key: FAKE_PUBLIC_KEY }, msg: '操作成功' };
  });
  app.get('/manager/api/commondata/version', async () => {
    state.calls.version += 1;
    return { status: 200, data: fakeVersion, msg: '操作成功' };
  });

  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    raw.all('/manager/api/test/echo', async (request) => {
      const echoed: EchoedRequest = {
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: typeof request.body === 'string' ? request.body : '',
      };
      state.lastEcho = echoed;
      return { status: 200, data: echoed, msg: '操作成功' };
    });
    raw.all('/manager/external/test/echo', async (request) => ({
      status: 200,
      data: { method: request.method, url: request.url },
      msg: '操作成功',
    }));
    raw.all<{ Querystring: { mode?: string } }>('/manager/api/test/counted-failure', async (request, reply) => {
      state.calls.counted += 1;
      if (request.query.mode === 'reset') {
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      return reply.status(503).send({ status: 503, data: null, msg: '服务暂不可用' });
    });
    raw.get('/manager/api/test/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_DELAY_MS));
      return { status: 200, data: 'late', msg: '操作成功' };
    });
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;

  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    invalidateTokens: () => state.tokens.clear(),
    stop: () => app.close(),
  });
}
