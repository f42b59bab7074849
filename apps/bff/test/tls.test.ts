import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { httpsOptions } from '../src/tls.js';
import { useFixtures } from './support/build.js';

/** GET over https trusting only the given certificate, as a browser that accepted it would. */
function httpsGet(url: string, ca: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca, servername: 'localhost' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('https on the staff port (camera needs a secure context)', () => {
  const gw = useFixtures();
  let dir: string;
  let certFile: string;
  let keyFile: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bff-tls-'));
    certFile = path.join(dir, 'cert.pem');
    keyFile = path.join(dir, 'key.pem');
    // A self-signed certificate for localhost, made for this test only.
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
        ...['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', keyFile, '-out', certFile],
      ],
      { stdio: 'ignore' },
    );
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      UPSTREAM_URL: gw.upstream.url,
      WEB_DIST: gw.web.dir,
      TLS_CERT_FILE: certFile,
      TLS_KEY_FILE: keyFile,
    });
    app = await buildApp(config, httpsOptions(config));
    await app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers over https with the configured certificate', async () => {
    const { port } = app.server.address() as { port: number };
    const res = await httpsGet(`https://localhost:${port}/healthz`, await readFile(certFile));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: 'ok' });
  });

  it('refuses a certificate without its key, naming both variables', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: certFile })).toThrow(
      /TLS_KEY_FILE: TLS_CERT_FILE 与 TLS_KEY_FILE 须同时设置/,
    );
  });

  it('stops at start-up when the certificate file cannot be read', () => {
    expect(() => httpsOptions({ TLS_CERT_FILE: path.join(dir, 'missing.pem'), TLS_KEY_FILE: keyFile })).toThrow(
      /TLS_CERT_FILE .*missing\.pem cannot be read/,
    );
  });

  it('stays on plain http without them', () => {
    expect(httpsOptions({})).toEqual({});
  });
});
