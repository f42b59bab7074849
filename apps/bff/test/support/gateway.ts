import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { GOOD_CIPHERTEXT } from './fake-upstream.js';
import { FORM, buildBff, cookieOf, loginForm, sidFrom } from './build.js';
import type { Account } from './scripted-upstream.js';

/** The gateway alone: WEB_DIST names a folder without a built web app. */
export function buildGateway(upstreamUrl: string, env: NodeJS.ProcessEnv = {}) {
  return buildBff({
    UPSTREAM_URL: upstreamUrl,
    WEB_DIST: path.join(os.tmpdir(), `bff-no-web-${randomUUID()}`),
    ...env,
  });
}

export async function logInAs(app: FastifyInstance, account: Account): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/manager/api/login/login',
    headers: FORM,
    payload: loginForm(account, GOOD_CIPHERTEXT),
  });
  const sid = sidFrom(res.headers['set-cookie']);
  if (res.statusCode !== 200 || !sid) throw new Error(`login of ${account} failed: ${res.statusCode} ${res.body}`);
  return sid;
}

export function postForm(app: FastifyInstance, sid: string, url: string, body: string) {
  return app.inject({ method: 'POST', url, headers: { ...FORM, ...cookieOf(sid) }, payload: body });
}

export function getAs(app: FastifyInstance, sid: string | undefined, url: string) {
  return app.inject({ method: 'GET', url, headers: sid ? cookieOf(sid) : {} });
}

/** GET cache misses counted by the gateway; a miss is counted as its caller joins the load. */
export async function cacheMisses(app: FastifyInstance): Promise<number> {
  const { values } = await app.metrics.cache.get();
  return values.find((v) => v.labels.result === 'miss')?.value ?? 0;
}
