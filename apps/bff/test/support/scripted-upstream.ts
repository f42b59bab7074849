import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import { UPSTREAM_TOKEN_HEADER, failure, type UserInfo } from '@checkup/api-contract';
import { CACHED_GETS } from '../../src/policy/cached-gets.js';
import { GOOD_CIPHERTEXT, fakeVersion } from './fake-upstream.js';
import { deferred, type Deferred } from './waiting.js';

const limits = {
  all_depts: false,
  leader: false,
  discount_floor: 100,
  must_change_password: false,
  data_scope: 'all' as const,
};

/** The accounts the scripted upstream knows; each logs in with GOOD_CIPHERTEXT. */
export const USERS = {
  admin: { id: 1, user_account: 'admin', user_name: '系统管理员', special_flag: '1', role_menu: ['*'], ...limits },
  nurse: { id: 2, user_account: 'nurse', user_name: '护士甲', special_flag: '0', role_menu: ['exam/list'], ...limits },
  keeper: {
    ...{ id: 3, user_account: 'keeper', user_name: '运维乙', special_flag: '0', role_menu: ['cfg/cache_mg'] },
    ...limits,
  },
} satisfies Record<string, UserInfo>;
export type Account = keyof typeof USERS;

export const COUNTED_PATH = '/manager/api/test/count';
export const SAVE_PARAMETER_PATH = '/manager/api/Commonconfig/save_parameter';
export const SAVE_PRINT_DEFAULTS_PATH = '/manager/api/printcfg/save_defaults';
export const REFUSING_PATH = '/manager/api/test/refuse';
export const DROPPING_PATH = '/manager/api/test/drop';
export const ADD_LOG_PATH = '/manager/api/logfront/add_log';

type Form = Record<string, string>;
type Gated = 'cachedGets' | 'frontLogs';

/** A POST the upstream has received and answers only when the test releases it. */
export interface HeldPost {
  path: string;
  body: Form;
  account: Account | undefined;
  release(): void;
}

export interface ScriptedUpstream {
  url: string;
  /** Requests received per path (query left out) since the last reset. */
  calls(path: string): number;
  held: HeldPost[];
  waitForHeld(count: number, path?: string): Promise<void>;
  frontLogs: { body: Form; account: Account | undefined }[];
  /** Holds every whitelisted GET, or every add_log, until the returned function is called. */
  gate(what: Gated): () => void;
  /** The upstream forgets the account's tokens, as after a restart or a login elsewhere. */
  forget(account: Account): void;
  /** An administrator changes the account's role: user_info answers the new menu from now on. */
  setRoleMenu(account: Account, roleMenu: string[]): void;
  releaseAll(): void;
  reset(): void;
  stop(): Promise<void>;
}

/**
 * An upstream scripted for the gateway's own behaviour: per-call counters on the cached GETs,
 * POSTs that wait for the test, an error envelope, a dropped connection and the front-end log.
 */
export async function startScriptedUpstream(): Promise<ScriptedUpstream> {
  const app = Fastify({ logger: false });
  await app.register(formbody);
  const tokens = new Map<string, Account>();
  const roleMenus = new Map<Account, string[]>();
  const counts = new Map<string, number>();
  const arrived = new EventEmitter();
  const gates: Record<Gated, Deferred<void> | null> = { cachedGets: null, frontLogs: null };

  const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!;
  const count = (request: FastifyRequest) => {
    const n = (counts.get(pathOf(request)) ?? 0) + 1;
    counts.set(pathOf(request), n);
    return n;
  };
  const accountOf = (request: FastifyRequest) => tokens.get(String(request.headers[UPSTREAM_TOKEN_HEADER]));
  const expired = (reply: FastifyReply) => reply.status(401).send(failure('NOT_LOGGED_IN'));

  const upstream: ScriptedUpstream = {
    url: '',
    calls: (path) => counts.get(path) ?? 0,
    held: [],
    waitForHeld: (n, path) =>
      new Promise<void>((resolve) => {
        const enough = () => upstream.held.filter((h) => !path || h.path === path).length >= n;
        const check = () => {
          if (!enough()) return;
          arrived.off('held', check);
          resolve();
        };
        arrived.on('held', check);
        check();
      }),
    frontLogs: [],
    gate(what) {
      const opened = deferred();
      gates[what] = opened;
      return () => {
        gates[what] = null;
        opened.resolve();
      };
    },
    forget(account) {
      for (const [token, owner] of tokens) if (owner === account) tokens.delete(token);
    },
    setRoleMenu: (account, roleMenu) => void roleMenus.set(account, roleMenu),
    releaseAll: () => upstream.held.forEach((h) => h.release()),
    reset() {
      upstream.releaseAll();
      for (const what of ['cachedGets', 'frontLogs'] as const) {
        gates[what]?.resolve();
        gates[what] = null;
      }
      upstream.held.length = 0;
      upstream.frontLogs.length = 0;
      counts.clear();
      roleMenus.clear();
    },
    stop: async () => {
      upstream.reset();
      await app.close();
    },
  };

  app.post<{ Body: Form }>('/manager/api/login/login', async (request, reply) => {
    const { user_account, password } = request.body ?? {};
    const user = USERS[user_account as Account] as UserInfo | undefined;
    if (!user || password !== GOOD_CIPHERTEXT) return reply.status(400).send(failure('WRONG_CREDENTIALS'));
    const token = randomBytes(32).toString('hex');
    tokens.set(token, user.user_account as Account);
    return { status: 200, data: { user, token }, msg: '登录成功' };
  });
  app.post('/manager/api/login/logout', async () => ({ status: 200, data: null, msg: '已退出登录' }));
  // The account as it is now: the gateway reads it for its own screens (缓存管理) and /docs.
  app.get('/manager/api/login/user_info', async (request, reply) => {
    const account = accountOf(request);
    if (!account) return expired(reply);
    const user = USERS[account];
    return { status: 200, data: { ...user, role_menu: roleMenus.get(account) ?? user.role_menu }, msg: '操作成功' };
  });
  app.get('/manager/api/commondata/version', async () => ({ status: 200, data: fakeVersion, msg: '操作成功' }));

  for (const path of CACHED_GETS.keys()) {
    app.get<{ Querystring: Form }>(path, async (request, reply) => {
      const call = count(request);
      await gates.cachedGets?.promise;
      if (!accountOf(request)) return expired(reply);
      if (request.query.fail) return { status: 500, data: null, msg: '查询失败' };
      if (request.query.maintenance) return { status: 200, data: { param_value: 'Y' }, msg: '系统维护中' };
      return { status: 200, data: { path, call, query: request.query, user: accountOf(request) }, msg: '操作成功' };
    });
  }
  app.route({
    method: ['GET', 'POST'],
    url: COUNTED_PATH,
    handler: async (request, reply) =>
      accountOf(request) ? { status: 200, data: { call: count(request) }, msg: '操作成功' } : expired(reply),
  });

  // 参数设置's and 打印配置's saves: refused when the form says so, as a server refuses a bad value.
  for (const path of [SAVE_PARAMETER_PATH, SAVE_PRINT_DEFAULTS_PATH]) {
    app.post<{ Body: Form }>(path, async (request, reply) => {
      count(request);
      if (!accountOf(request)) return expired(reply);
      if (request.body?.fail) return { status: 400, data: null, msg: '请填写单位名称' };
      return { status: 200, data: { param_code: request.body?.param_code }, msg: '操作成功' };
    });
  }
  app.post<{ Body: Form }>(ADD_LOG_PATH, async (request) => {
    count(request);
    await gates.frontLogs?.promise;
    upstream.frontLogs.push({ body: request.body, account: accountOf(request) });
    return { status: 200, data: null, msg: '操作成功' };
  });
  app.post(REFUSING_PATH, async (request) => {
    count(request);
    return { status: 500, data: null, msg: '保存失败' };
  });
  app.post(DROPPING_PATH, async (request, reply) => {
    count(request);
    reply.hijack();
    request.raw.socket.destroy();
  });
  app.post<{ Body: Form }>('/manager/api/*', async (request) => {
    const seq = count(request);
    const answered = deferred();
    upstream.held.push({
      path: pathOf(request),
      body: request.body,
      account: accountOf(request),
      release: () => answered.resolve(),
    });
    arrived.emit('held');
    await answered.promise;
    return { status: 200, data: { seq, body: request.body }, msg: '操作成功' };
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  upstream.url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return upstream;
}
