import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { GOOD_ACCOUNT, GOOD_CIPHERTEXT } from './fake-upstream.js';

export const INDEX_HTML = '<!doctype html><html><body><div id="root">体检管理系统</div></body></html>';
export const APP_JS = 'console.log("app-abc");';
export const SID_COOKIE = 'checkup_sid';
/** A same-origin browser POST: inject's host is localhost:80. */
export const SAME_ORIGIN = { origin: 'http://localhost:80' };
export const FORM = { 'content-type': 'application/x-www-form-urlencoded', ...SAME_ORIGIN };

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

export async function buildBff(env: { UPSTREAM_URL: string; WEB_DIST: string } & NodeJS.ProcessEnv) {
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

export async function logIn(app: FastifyInstance, headers: Record<string, string> = {}): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/manager/api/login/login',
    headers: { ...FORM, ...headers },
    payload: loginForm(),
  });
  const sid = sidFrom(res.headers['set-cookie']);
  if (res.statusCode !== 200 || !sid) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return sid;
}
