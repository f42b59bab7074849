import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/client.js';
import { loadPasswordKeys, type PasswordKeys } from '../../src/modules/auth/keys.js';
import { openTestDatabase, type TestDatabaseTarget } from './database.js';

export const SESSION_IDLE_MINUTES = 30;

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

export interface TestServer {
  app: TestApp;
  database: Database;
  keys: PasswordKeys;
  keysDir: string;
}

/** What the browser's jsencrypt sends: RSA PKCS#1 v1.5 over the UTF-8 bytes, base64. */
export function encrypt(password: string, publicKeyPem: string): string {
  const publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  return forge.util.encode64(publicKey.encrypt(forge.util.encodeUtf8(password), 'RSAES-PKCS1-V1_5'));
}

export function form(fields: Record<string, string>) {
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  };
}

/** One database and one app for the enclosing describe, closed after its last test. */
export function useTestServer(target: TestDatabaseTarget): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    server.keysDir = await mkdtemp(path.join(tmpdir(), 'checkup-keys-'));
    server.keys = await loadPasswordKeys(server.keysDir);
    server.database = await openTestDatabase(target);
    server.app = await buildApp({
      db: server.database.db,
      keys: server.keys,
      sessionIdleMinutes: SESSION_IDLE_MINUTES,
    });
  });
  afterAll(async () => {
    await server.app?.close();
    await server.database?.close();
    if (server.keysDir) await rm(server.keysDir, { recursive: true, force: true });
  });
  return server;
}
