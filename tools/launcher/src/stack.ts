import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './paths.js';

export interface StackOptions {
  checkupPort: number;
  bffPort: number;
  kioskPort: number;
  bffHost?: string;
  dataDir: string;
  /** PostgreSQL instead of the embedded PGlite database. */
  databaseUrl?: string;
  logLevel?: string;
  /** Extra environment for both servers. */
  env?: Record<string, string>;
  /** Where the servers' output goes; defaults to this process's stdout/stderr. */
  output?: 'inherit' | 'ignore';
  /** How long each server may take to answer after its start (30 s); benchmarks on a busy machine wait longer. */
  readyTimeoutMs?: number;
}

export interface Stack {
  url: string;
  kioskUrl: string;
  checkupUrl: string;
  stop(): Promise<void>;
}

function startNode(script: string, env: Record<string, string>, output: 'inherit' | 'ignore'): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, script)], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', output, output],
  });
}

async function waitUntilReady(url: string, child: ChildProcess, name: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} 启动失败（退出码 ${child.exitCode}）`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} 在 ${timeoutMs / 1000} 秒内没有就绪`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts the checkup server and then the BFF in front of it; resolves when both answer. */
export async function startStack(options: StackOptions): Promise<Stack> {
  const output = options.output ?? 'inherit';
  const logLevel = options.logLevel ?? 'warn';
  const checkupUrl = `http://127.0.0.1:${options.checkupPort}`;
  const checkup = startNode(
    'apps/checkup-server/src/server.ts',
    {
      CHECKUP_PORT: String(options.checkupPort),
      DATA_DIR: options.dataDir,
      LOG_LEVEL: logLevel,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    output,
  );
  const children = [checkup];
  const stop = async () => {
    await Promise.all(children.reverse().map(stopChild));
  };
  try {
    await waitUntilReady(
      `${checkupUrl}/manager/api/commondata/version`,
      checkup,
      '体检服务 (checkup-server)',
      options.readyTimeoutMs,
    );
    const bff = startNode(
      'apps/bff/src/server.ts',
      {
        BFF_PORT: String(options.bffPort),
        BFF_HOST: options.bffHost ?? '0.0.0.0',
        KIOSK_PORT: String(options.kioskPort),
        KIOSK_HOST: options.bffHost ?? '0.0.0.0',
        API_SECRET_FILE: path.join(options.dataDir, 'keys', 'api-secret.key'),
        UPSTREAM_URL: checkupUrl,
        LOG_LEVEL: logLevel,
        ...options.env,
      },
      output,
    );
    children.push(bff);
    // With TLS_CERT_FILE the staff port speaks https with a certificate this process need not trust;
    // the kiosk port (plain http) listens only after it, so its answer says both are up.
    const tls = Boolean(options.env?.TLS_CERT_FILE ?? process.env.TLS_CERT_FILE);
    const url = `${tls ? 'https' : 'http'}://127.0.0.1:${options.bffPort}`;
    const kioskUrl = `http://127.0.0.1:${options.kioskPort}`;
    if (!tls) await waitUntilReady(`${url}/manager/api/commondata/version`, bff, '网关 (bff)', options.readyTimeoutMs);
    await waitUntilReady(
      `${kioskUrl}/manager/api/commondata/version`,
      bff,
      '自助终端端口 (bff kiosk)',
      options.readyTimeoutMs,
    );
    return { url, kioskUrl, checkupUrl, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
