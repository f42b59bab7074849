import { createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import { UPSTREAM_TOKEN_HEADER, type UserInfo, type VersionInfo } from '@checkup/api-contract';

export const GOOD_ACCOUNT = 'admin';
export const GOOD_CIPHERTEXT = `${'Q2hl+Y2t1/cC1j'.repeat(8)}aXBo==`;
export const SLOW_ACCOUNT = 'slow';
/** An account the checkup server reports as locked after repeated wrong passwords. */
export const LOCKED_ACCOUNT = 'locked';
export const LOCKED_ANSWER = { status: 423, data: null, msg: '登录失败次数过多，账号已锁定15分钟，请稍后再试' };
export const FAKE_PUBLIC_KEY =
  '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----';
export const SLOW_DELAY_MS = 3000;

export const fakeUser: UserInfo = {
  id: 1,
  user_account: 'admin',
  user_name: '系统管理员',
  special_flag: '1',
  role_menu: ['*'],
  all_depts: true,
  leader: false,
  discount_floor: 100,
  must_change_password: false,
  data_scope: 'all',
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

/** Fault routes answer or misbehave on purpose; see `faultRoutes` below. */
export const FAULT = '/manager/api/test/fault';
export const ANSWER = '/manager/api/test/answer';
export const BIG_BYTES = 10 * 1024 * 1024;
export const HOLD_MS = 5000;
export const BIG_INTEGER_TEXT = '{"status":200,"data":{"id":12345678901234567890123,"fee":1.10},"msg":"操作成功"}';

const HTML_PAGE = '<!doctype html><html><body>Gateway error</body></html>';

/** What `GET ${ANSWER}/:kind` answers: HTTP status, content type and raw text. */
export const answers: Record<string, { status: number; type: string; text: string }> = {
  'relogin-string': { status: 200, type: 'application/json', text: '{"status":"401","msg":"登录已失效"}' },
  'external-import': { status: 200, type: 'application/json', text: '{"status":402,"data":null,"msg":"外检导入"}' },
  'illegal-access': { status: 200, type: 'application/json', text: '{"status":403,"data":null,"msg":"非法访问!"}' },
  maintenance: { status: 200, type: 'application/json', text: '{"status":200,"data":{"param_value":"Y"},"msg":""}' },
  'html-500': { status: 500, type: 'text/html', text: HTML_PAGE },
  'html-200': { status: 200, type: 'text/html', text: HTML_PAGE },
  'big-integer': { status: 200, type: 'application/json', text: BIG_INTEGER_TEXT },
};

let download: Buffer | undefined;
let bigJson: string | undefined;
/** The 10 MB `${FAULT}/download` sends. */
export const bigDownload = (): Buffer => (download ??= randomBytes(BIG_BYTES));
/** The 10 MB envelope `${FAULT}/big-json` sends. */
export function bigJsonText(): string {
  const row = (id: number) => ({ id, name: '张三', note: 'x'.repeat(80) });
  bigJson ??= JSON.stringify({ status: 200, data: Array.from({ length: 100_000 }, (_, i) => row(i)), msg: '操作成功' });
  return bigJson;
}

export type VersionAnswer = VersionInfo | 'html' | 'error-envelope';

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
  calls: {
    login: number;
    /** The User-Agent each login call came with. */
    loginAgents: (string | undefined)[];
    userInfo: number;
    counted: number;
    publicKey: number;
    version: number;
    reset: number;
    guideSheetFile: number;
  };
  logoutTokens: (string | undefined)[];
  /** The token each guide_sheet_file call came with (none expected: it has no session). */
  guideSheetTokens: (string | undefined)[];
  /** The token each report_file call came with (none expected, as for the guide sheet). */
  reportFileTokens: (string | undefined)[];
  lastEcho: EchoedRequest | undefined;
  /** Bodies of add_log calls, with the token they came with. */
  frontLogs: { token: string | undefined; body: Record<string, string> }[];
  /** 'held' when `${FAULT}/hold` has a request; 'held-closed' with whether it was answered. */
  events: EventEmitter;
  invalidateTokens(): void;
  /** What the version route answers from now on (fakeVersion by default). */
  setVersion(answer: VersionAnswer): void;
  stop(): Promise<void>;
}

function tokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[UPSTREAM_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const app: FastifyInstance = Fastify({ logger: false, forceCloseConnections: true });
  const state: Omit<FakeUpstream, 'url' | 'stop' | 'invalidateTokens' | 'setVersion'> = {
    tokens: new Set(),
    calls: {
      login: 0,
      loginAgents: [],
      userInfo: 0,
      counted: 0,
      publicKey: 0,
      version: 0,
      reset: 0,
      guideSheetFile: 0,
    },
    logoutTokens: [],
    guideSheetTokens: [],
    reportFileTokens: [],
    lastEcho: undefined,
    frontLogs: [],
    events: new EventEmitter(),
  };
  let version: VersionAnswer = fakeVersion;
  const unauthorized = (reply: FastifyReply) =>
    reply.status(401).send({ status: 401, data: null, msg: '登录信息已过期，请重新登录' });

  await app.register(async (auth) => {
    await auth.register(formbody);
    auth.post<{ Body: Record<string, string> }>('/manager/api/login/login', async (request, reply) => {
      state.calls.login += 1;
      state.calls.loginAgents.push(request.headers['user-agent']);
      const { user_account, password } = request.body ?? {};
      if (user_account === LOCKED_ACCOUNT) return reply.status(423).send(LOCKED_ANSWER);
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
    auth.post<{ Body: Record<string, string> }>('/manager/api/logfront/add_log', async (request) => {
      state.frontLogs.push({ token: tokenOf(request), body: { ...request.body } });
      return { status: 200, data: null, msg: '操作成功' };
    });
  });

  app.get('/manager/api/login/public_key', async () => {
    state.calls.publicKey += 1;
    return { status: 200, data: { public_key: FAKE_PUBLIC_KEY }, msg: '操作成功' };
  });
  // The guide sheet the local print service fetches with a ticket and no session (issue 7).
  app.get<{ Querystring: { ticket?: string } }>('/manager/api/order/guide_sheet_file', async (request, reply) => {
    state.calls.guideSheetFile += 1;
    state.guideSheetTokens.push(tokenOf(request));
    if (request.query.ticket !== 'valid-ticket') {
      return reply.status(200).send({ status: 400, data: null, msg: '导检单链接已失效，请重新打印' });
    }
    return reply
      .type('application/pdf')
      .header('x-seen-token', tokenOf(request) ?? '')
      .send(Buffer.from('%PDF-1.7 fake'));
  });
  // The exam report the local print service fetches with a ticket and no session (issue 8).
  app.get<{ Querystring: { ticket?: string } }>('/manager/api/report/report_file', async (request, reply) => {
    state.reportFileTokens.push(tokenOf(request));
    if (request.query.ticket !== 'valid-ticket') {
      return reply.status(403).send({ status: 403, data: null, msg: '打印凭据无效或已过期，请重新打印' });
    }
    return reply.type('application/pdf').send(Buffer.from('%PDF-1.7 report'));
  });
  app.get('/manager/api/commondata/version', async (_request, reply) => {
    state.calls.version += 1;
    if (version === 'html') return reply.type('text/html').send(HTML_PAGE);
    if (version === 'error-envelope') return reply.status(500).send({ status: 500, data: null, msg: '服务器内部错误' });
    return { status: 200, data: version, msg: '操作成功' };
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

  await app.register(faultRoutes, state);

  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;

  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    invalidateTokens: () => state.tokens.clear(),
    setVersion: (answer: VersionAnswer) => {
      version = answer;
    },
    stop: () => app.close(),
  });
}

type FaultState = Pick<FakeUpstream, 'calls' | 'events'>;

/** Answers the BFF must turn into rules (spec §4/§8) and faults it must survive. */
async function faultRoutes(app: FastifyInstance, state: FaultState) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  app.get<{ Params: { kind: string } }>(`${ANSWER}/:kind`, async (request, reply) => {
    const answer = answers[request.params.kind];
    if (!answer) return reply.status(404).send({ status: 404, data: null, msg: 'no such answer' });
    return reply.status(answer.status).type(answer.type).send(answer.text);
  });
  app.get(`${FAULT}/hang`, async (_request, reply) => reply.hijack());
  app.get<{ Querystring: { type?: string } }>(`${FAULT}/stall`, async (request, reply) => {
    reply.hijack();
    const json = request.query.type !== 'octet';
    reply.raw.writeHead(200, {
      'content-type': json ? 'application/json' : 'application/octet-stream',
      'content-length': String(BIG_BYTES),
    });
    reply.raw.write(json ? '{"status":200,"data":"' : Buffer.alloc(64 * 1024));
  });
  app.all(`${FAULT}/reset`, async (request, reply) => {
    state.calls.reset += 1;
    reply.hijack();
    request.raw.socket.destroy();
  });
  app.get(`${FAULT}/big-json`, async (_request, reply) => reply.type('application/json').send(bigJsonText()));
  app.get(`${FAULT}/download`, async (_request, reply) =>
    reply
      .type('application/octet-stream')
      .header('content-disposition', 'attachment; filename="big.bin"')
      .send(bigDownload()),
  );
  app.post(`${FAULT}/upload`, async (request) => {
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of request.body as Readable) {
      bytes += (chunk as Buffer).length;
      hash.update(chunk as Buffer);
    }
    return {
      status: 200,
      data: { bytes, sha256: hash.digest('hex'), type: request.headers['content-type'] },
      msg: '操作成功',
    };
  });
  app.get<{ Querystring: { ms?: string } }>(`${FAULT}/slow`, async (request) => {
    await wait(Number(request.query.ms ?? 1500));
    return { status: 200, data: 'late', msg: '操作成功' };
  });
  app.get(`${FAULT}/hold`, async (_request, reply) => {
    reply.hijack();
    let answered = false;
    const timer = setTimeout(() => {
      answered = true;
      reply.raw.writeHead(200, { 'content-type': 'application/json' }).end('{"status":200,"data":null,"msg":""}');
    }, HOLD_MS);
    reply.raw.once('close', () => {
      clearTimeout(timer);
      state.events.emit('held-closed', { answered });
    });
    state.events.emit('held');
  });
}
