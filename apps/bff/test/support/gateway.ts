import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { buildBff, closedAfterTest, logIn, type GatewayEnv } from './build.js';
import { startScriptedUpstream, type Account, type ScriptedUpstream } from './scripted-upstream.js';

/** The gateway alone: WEB_DIST names a folder without a built web app. */
export function buildGateway(upstreamUrl: string, env: GatewayEnv = {}) {
  return buildBff({
    UPSTREAM_URL: upstreamUrl,
    WEB_DIST: path.join(os.tmpdir(), `bff-no-web-${randomUUID()}`),
    ...env,
  });
}

export function logInAs(app: FastifyInstance, account: Account): Promise<string> {
  return logIn(app, {}, account);
}

/** GET cache misses counted by the gateway; a miss is counted as its caller joins the load. */
export async function cacheMisses(app: FastifyInstance): Promise<number> {
  const { values } = await app.metrics.cache.get();
  return values.find((v) => v.labels.result === 'miss')?.value ?? 0;
}

/** What useScriptedUpstream sets up; `upstream` is filled in by its beforeAll. */
export interface ScriptedFixtures {
  upstream: ScriptedUpstream;
  /** Inside a test: a gateway over the scripted upstream, closed when the test ends. */
  buildForTest(env?: GatewayEnv): Promise<FastifyInstance>;
}

/** Starts the scripted upstream before the file's tests and stops it after. */
export function useScriptedUpstream(): ScriptedFixtures {
  const fixtures = {
    buildForTest: (env = {}) => closedAfterTest(buildGateway(fixtures.upstream.url, env)),
  } as ScriptedFixtures;
  beforeAll(async () => {
    fixtures.upstream = await startScriptedUpstream();
  });
  afterAll(async () => {
    await fixtures.upstream?.stop();
  });
  return fixtures;
}

/** useScriptedUpstream with a fresh gateway for every test; the upstream is reset after each. */
export interface ScriptedGateway extends ScriptedFixtures {
  app: FastifyInstance;
}

export function useScriptedGateway(): ScriptedGateway {
  const gateway = useScriptedUpstream() as ScriptedGateway;
  beforeEach(async () => {
    gateway.app = await buildGateway(gateway.upstream.url);
  });
  afterEach(async () => {
    gateway.upstream.reset();
    await gateway.app?.close();
  });
  return gateway;
}
