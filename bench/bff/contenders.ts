import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_API_SECRET, CACHED_URL, LOGIN_URL, VERSION_URL } from './fixtures.js';
import { probeNginx, startNginx } from './nginx.js';
import {
  freePort,
  repoRoot,
  startNodeScript,
  stopProcesses,
  waitReady,
  type CorePlan,
  type Managed,
} from '../shared/processes.js';

export type ContenderId = 'direct' | 'nginx' | 'bare' | 'bff' | 'bffPlain';

export const CONTENDER_LABELS: Record<ContenderId, string> = {
  direct: 'direct upstream',
  nginx: 'nginx',
  bare: 'bare @fastify/http-proxy',
  bff: 'BFF',
  bffPlain: 'BFF, encrypt_cfg off',
};

export interface Contender {
  id: ContenderId;
  origin: string;
  pid: number | undefined;
  /** Its own upstream process and session, when not the shared ones (bffPlain). */
  upstreamPid?: number;
  cookie?: string;
}

export interface Lineup {
  contenders: Contender[];
  /** Why nginx is absent from the lineup, when it is. */
  nginxSkipped: string | null;
  nginxVersion: string | null;
  upstreamPid: number | undefined;
  /** The BFF session cookie (checkup_sid=...). */
  cookie: string;
  /** Stops every process of the lineup. */
  stop(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const SESSION_COOKIE = 'checkup_sid';

/** Logs in as a browser would: form body, same-origin Origin header (the CSRF check). */
async function logIn(origin: string): Promise<string> {
  const res = await fetch(`${origin}${LOGIN_URL}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ user_account: 'bench', password: 'bench-password' }).toString(),
  });
  const text = await res.text();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (res.status !== 200 || !cookie) throw new Error(`BFF login failed: ${res.status} ${text}`);
  return cookie.split(';')[0]!;
}

async function warmCache(origin: string, cookie: string): Promise<void> {
  const res = await fetch(`${origin}${CACHED_URL}`, { headers: { cookie } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`warming ${origin}${CACHED_URL} failed: ${res.status}`);
}

/**
 * Starts the upstream and every contender, each its own process. The BFF runs its production
 * entry (apps/bff/src/server.ts) with env vars: bench may not import app code (module boundaries).
 */
export interface LineupOptions {
  plan: CorePlan;
  tempDir: string;
  cpuProfDir: string | null;
}

export async function startLineup(opts: LineupOptions): Promise<Lineup> {
  const { plan } = opts;
  const upstreamPort = await freePort();
  const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
  const upstream = startNodeScript({
    name: 'upstream',
    script: path.join(here, 'upstream-server.ts'),
    env: { BENCH_PORT: String(upstreamPort) },
    cpus: plan.upstream,
  });
  await waitReady(`${upstreamUrl}${VERSION_URL}`, upstream);
  const contenders: Contender[] = [{ id: 'direct', origin: upstreamUrl, pid: upstream.child.pid }];
  const processes: Managed[] = [upstream];
  const stop = () => stopProcesses(processes);

  const nginx = probeNginx();
  if (nginx.found) {
    const port = await freePort();
    const proc = await startNginx({
      dir: path.join(opts.tempDir, `nginx-${port}`),
      port,
      upstreamPort,
      cpus: plan.contender,
    });
    processes.push(proc);
    await waitReady(`http://127.0.0.1:${port}${VERSION_URL}`, proc);
    contenders.push({ id: 'nginx', origin: `http://127.0.0.1:${port}`, pid: proc.child.pid });
  }

  const barePort = await freePort();
  const bare = startNodeScript({
    name: 'bare proxy',
    script: path.join(here, 'bare-proxy-server.ts'),
    env: { BENCH_PORT: String(barePort), BENCH_UPSTREAM_URL: upstreamUrl },
    cpus: plan.contender,
  });
  processes.push(bare);
  await waitReady(`http://127.0.0.1:${barePort}${VERSION_URL}`, bare);
  contenders.push({ id: 'bare', origin: `http://127.0.0.1:${barePort}`, pid: bare.child.pid });

  const startBff = async (name: string, upstream: string) => {
    const port = await freePort();
    const child = startNodeScript({
      name,
      script: path.join(repoRoot, 'apps/bff/src/server.ts'),
      env: {
        NODE_ENV: 'production',
        BFF_HOST: '127.0.0.1',
        BFF_PORT: String(port),
        KIOSK_HOST: '127.0.0.1',
        KIOSK_PORT: '0',
        UPSTREAM_URL: upstream,
        API_SECRET: BENCH_API_SECRET,
        // warn, as the launcher runs it: per-request info logs would measure pino, not the gateway.
        LOG_LEVEL: 'warn',
      },
      cpus: plan.contender,
      nodeArgs: [
        ...(process.env.BENCH_BFF_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
        ...(opts.cpuProfDir && name === 'bff' ? ['--cpu-prof', `--cpu-prof-dir=${opts.cpuProfDir}`] : []),
      ],
    });
    processes.push(child);
    const origin = `http://127.0.0.1:${port}`;
    await waitReady(`${origin}${VERSION_URL}`, child);
    return { origin, pid: child.child.pid, cookie: await logIn(origin) };
  };

  const bff = await startBff('bff', upstreamUrl);
  const { origin: bffOrigin, cookie } = bff;
  contenders.push({ id: 'bff', origin: bffOrigin, pid: bff.pid });

  // The same gateway in front of an upstream that asks for no signing or encryption: the gateway's
  // own cost, next to the bare proxy's, without the cryptography the bare proxy does not do.
  const plainPort = await freePort();
  const plainUpstream = startNodeScript({
    name: 'plain upstream',
    script: path.join(here, 'upstream-server.ts'),
    env: { BENCH_PORT: String(plainPort), BENCH_PLAIN: '1' },
    cpus: plan.upstream,
  });
  processes.push(plainUpstream);
  await waitReady(`http://127.0.0.1:${plainPort}${VERSION_URL}`, plainUpstream);
  const plain = await startBff('bff plain', `http://127.0.0.1:${plainPort}`);
  contenders.push({ id: 'bffPlain', ...plain, upstreamPid: plainUpstream.child.pid });

  await warmCache(bffOrigin, cookie);
  const nginxOrigin = contenders.find((c) => c.id === 'nginx')?.origin;
  if (nginxOrigin) await warmCache(nginxOrigin, cookie);

  return {
    contenders,
    nginxSkipped: nginx.found ? null : nginx.reason,
    nginxVersion: nginx.found ? nginx.version : null,
    upstreamPid: upstream.child.pid,
    cookie,
    stop,
  };
}
