import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, onTestFinished } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, type BffConfig } from '../../src/config.js';
import { GOOD_ACCOUNT, GOOD_CIPHERTEXT, startFakeUpstream, type FakeUpstream } from './fake-upstream.js';

export const INDEX_HTML = '<!doctype html><html><body><div id="root">体检管理系统</div></body></html>';
export const APP_JS = 'console.log("app-abc");';
export const SID_COOKIE = 'checkup_sid';
/** A same-origin browser POST: inject's host is localhost:80. */
export const SAME_ORIGIN = { origin: 'http://localhost:80' };
export const FORM = { 'content-type': 'application/x-www-form-urlencoded', ...SAME_ORIGIN };
export const LOGIN_PATH = '/manager/api/login/login';

/** Environment variables for a test gateway, as loadConfig reads them. */
export type GatewayEnv = { [K in keyof BffConfig]?: string };

export interface WebDist {
  dir: string;
  remove(): Promise<void>;
}

export async function makeWebDist({ built = true } = {}): Promise<WebDist> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bff-web-'));
  if (built) {
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(dir, 'assets', 'app-abc.js'), APP_JS);
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export async function buildBff(env: GatewayEnv & { UPSTREAM_URL: string; WEB_DIST: string }) {
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      UPSTREAM_CONNECT_TIMEOUT_MS: '500',
      ...env,
    }),
  );
  await app.ready();
  return app;
}

/** A port nothing listens on: bound once, then released. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export function loginForm(account = GOOD_ACCOUNT, password = GOOD_CIPHERTEXT): string {
  return new URLSearchParams({ user_account: account, password }).toString();
}

export function sidFrom(setCookie: string | string[] | undefined): string | undefined {
  const first = [setCookie ?? []].flat().find((c) => c.startsWith(`${SID_COOKIE}=`));
  return first?.slice(SID_COOKIE.length + 1).split(';')[0];
}

export function cookieOf(sid: string): { cookie: string } {
  return { cookie: `${SID_COOKIE}=${sid}` };
}

export interface FormExtras {
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** A same-origin browser's form POST, with extra headers (a session cookie) and a client address if given. */
export function sendForm(app: FastifyInstance, url: string, payload: string, extras: FormExtras = {}) {
  const { headers = {}, remoteAddress } = extras;
  return app.inject({
    method: 'POST',
    url,
    headers: { ...FORM, ...headers },
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export function postForm(app: FastifyInstance, sid: string, url: string, body: string) {
  return sendForm(app, url, body, { headers: cookieOf(sid) });
}

export function getAs(app: FastifyInstance, sid: string | undefined, url: string) {
  return app.inject({ method: 'GET', url, headers: sid ? cookieOf(sid) : {} });
}

export function postLogin(app: FastifyInstance, payload = loginForm(), extras: FormExtras = {}) {
  return sendForm(app, LOGIN_PATH, payload, extras);
}

/** Logs in with the good password and answers the new sid. */
export async function logIn(
  app: FastifyInstance,
  headers: Record<string, string> = {},
  account: string = GOOD_ACCOUNT,
): Promise<string> {
  const res = await postLogin(app, loginForm(account), { headers });
  const sid = sidFrom(res.headers['set-cookie']);
  if (res.statusCode !== 200 || !sid) throw new Error(`login of ${account} failed: ${res.statusCode} ${res.body}`);
  return sid;
}

/** Closes a gateway built inside a test when that test ends, passed or failed. */
export async function closedAfterTest(building: Promise<FastifyInstance>): Promise<FastifyInstance> {
  const app = await building;
  onTestFinished(() => app.close());
  return app;
}

/** What useFixtures sets up; `upstream` and `web` are filled in by its beforeAll. */
export interface Fixtures {
  upstream: FakeUpstream;
  web: WebDist;
  /** Inside a test: a further gateway over this upstream and web dist, closed when the test ends. */
  buildForTest(env?: GatewayEnv): Promise<FastifyInstance>;
}

/** Starts the fake upstream and a temporary web dist before the file's tests and removes both after. */
export function useFixtures({ built = true }: { built?: boolean } = {}): Fixtures {
  const fixtures = {
    buildForTest: (env = {}) =>
      closedAfterTest(buildBff({ UPSTREAM_URL: fixtures.upstream.url, WEB_DIST: fixtures.web.dir, ...env })),
  } as Fixtures;
  beforeAll(async () => {
    fixtures.upstream = await startFakeUpstream();
    fixtures.web = await makeWebDist({ built });
  });
  afterAll(async () => {
    await fixtures.upstream?.stop();
    await fixtures.web?.remove();
  });
  return fixtures;
}

/** useFixtures with a gateway over them; `app` is filled in before the tests (or before each test). */
export interface Gateway extends Fixtures {
  app: FastifyInstance;
}

export interface GatewayOptions {
  /** A fresh gateway for every test (beforeEach/afterEach) rather than one for the file. */
  perTest?: boolean;
  /** Whether the web dist holds a built web app (the default) or nothing. */
  built?: boolean;
  /** Points the gateway at a port nothing listens on; the fake upstream still runs, unused. */
  cutOff?: boolean;
}

/** The usual setup: the fake upstream, a web dist and a gateway over them with `env` on top. */
export function useGateway(env: GatewayEnv = {}, options: GatewayOptions = {}): Gateway {
  const gateway = useFixtures({ built: options.built }) as Gateway;
  const [setUp, tearDown] = options.perTest ? [beforeEach, afterEach] : [beforeAll, afterAll];
  setUp(async () => {
    const upstreamUrl = options.cutOff ? await closedPortUrl() : gateway.upstream.url;
    gateway.app = await buildBff({ UPSTREAM_URL: upstreamUrl, WEB_DIST: gateway.web.dir, ...env });
  });
  tearDown(async () => {
    await gateway.app?.close();
  });
  return gateway;
}
