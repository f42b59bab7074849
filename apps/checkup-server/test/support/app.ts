import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import forge from 'node-forge';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppDeps } from '../../src/app.js';
import type { Database } from '../../src/db/client.js';
import { loadPasswordKeys, type PasswordKeys } from '../../src/modules/auth/keys.js';
import { preparePersonalData } from '../../src/modules/people/data-key-record.js';
import { PersonalData } from '../../src/modules/people/personal-data.js';
import { deriveApiKeys, type ApiKeys } from '../../src/modules/security/api-secret.js';
import { MemoryNonceStore } from '../../src/modules/security/nonce-store.js';
import { updateApiSecurity } from './signing.js';
import { openTestDatabase, type TestDatabaseTarget } from './database.js';

export const SESSION_IDLE_MINUTES = 30;

/** The data key of every test server in this file (vitest gives each file its own module instance). */
const TEST_DATA_KEY = randomBytes(32);
/** What the test servers seal ID numbers and phones with; fixtures and raw-row checks use it too. */
export const testPersonalData = new PersonalData(TEST_DATA_KEY);

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

export interface TestServer {
  app: TestApp;
  database: Database;
  keys: PasswordKeys;
  keysDir: string;
  /** Derived from a random secret of this server alone: what a test signs and encrypts with. */
  apiKeys: ApiKeys;
  personalData: PersonalData;
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

/**
 * One database and one app for the enclosing describe, closed after its last test. Parameter 0002
 * is read on every call, so a test that updates it sees the change at once.
 */
export function useTestServer(
  target: TestDatabaseTarget,
  options: {
    signedCalls?: boolean;
    appOptions?: FastifyServerOptions;
    /** Dependencies to use instead of the defaults, made once the database is open. */
    deps?: (database: Database) => Partial<AppDeps>;
  } = {},
): TestServer {
  const server = {} as TestServer;
  const nonceStore = new MemoryNonceStore();
  beforeAll(async () => {
    server.keysDir = await mkdtemp(path.join(tmpdir(), 'checkup-keys-'));
    server.keys = await loadPasswordKeys(server.keysDir);
    server.apiKeys = deriveApiKeys(randomBytes(32));
    server.database = await openTestDatabase(target);
    // As a start does: the key recorded, plain text from an older version sealed.
    server.personalData = (
      await preparePersonalData(server.database.db, { key: TEST_DATA_KEY, source: 'the test data key' })
    ).personalData;
    // The seed requires signed calls, as the BFF makes them; suites about other behaviour call the
    // server directly, and the integrity suites turn signing on themselves.
    if (!options.signedCalls) {
      await updateApiSecurity(server.database.db, { api_integrity_verify: false, api_params_encrypt: false });
    }
    server.app = await buildApp(
      {
        db: server.database.db,
        keys: server.keys,
        sessionIdleMinutes: SESSION_IDLE_MINUTES,
        apiKeys: server.apiKeys,
        personalData: server.personalData,
        nonceStore,
        securitySettingsTtlMs: 0,
        ...options.deps?.(server.database),
      },
      options.appOptions,
    );
  });
  afterAll(async () => {
    await server.app?.close();
    await nonceStore.close();
    await server.database?.close();
    if (server.keysDir) await rm(server.keysDir, { recursive: true, force: true });
  });
  return server;
}
