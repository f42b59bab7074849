import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { loadPasswordKeys } from '../src/modules/auth/keys.js';
import { deriveApiKeys } from '../src/modules/security/api-secret.js';
import { MemoryNonceStore } from '../src/modules/security/nonce-store.js';
import { testPersonalData, type TestServer } from './support/app.js';
import { openTestDatabase, postgresUrl, type TestDatabase } from './support/database.js';
import { addDept, addOrder, addStaff, callerFor, tokenFor } from './support/domain.js';
import { updateApiSecurity } from './support/signing.js';

/**
 * Issue 4 §5: two server instances on one PostgreSQL, as behind a load balancer. Nothing that
 * decides who may edit a record lives in one instance's memory.
 */
describe.skipIf(!postgresUrl)('two checkup server instances on one PostgreSQL (TEST_DATABASE_URL)', () => {
  let shared: TestDatabase;
  let second: Database;
  const instances: TestServer[] = [];
  let keysDir: string;

  beforeAll(async () => {
    shared = await openTestDatabase({ kind: 'postgres', title: 'PostgreSQL' });
    await updateApiSecurity(shared.db, { api_integrity_verify: false, api_params_encrypt: false });
    second = await openDatabase({ kind: 'postgres', url: shared.url! });
    keysDir = await mkdtemp(path.join(tmpdir(), 'checkup-keys-'));
    const keys = await loadPasswordKeys(keysDir);
    const apiKeys = deriveApiKeys(randomBytes(32));
    for (const database of [shared, second]) {
      const app = await buildApp({
        db: database.db,
        keys,
        apiKeys,
        personalData: testPersonalData,
        sessionIdleMinutes: 30,
        nonceStore: new MemoryNonceStore(),
        securitySettingsTtlMs: 0,
      });
      instances.push({ app, database, keys, keysDir, apiKeys, personalData: testPersonalData });
    }
  });
  afterAll(async () => {
    for (const instance of instances) await instance.app.close();
    await second?.close();
    await shared?.close();
    if (keysDir) await rm(keysDir, { recursive: true, force: true });
  });

  it('shows a lock taken through one instance to a user of the other', async () => {
    const [a, b] = instances as [TestServer, TestServer];
    await addStaff(shared.db, 'scale_doc1', '周医生');
    await addStaff(shared.db, 'scale_doc2', '吴医生');
    const { deptId } = await addDept(shared.db, '外科');
    const orderId = await addOrder(shared.db, { status: 'in_exam', depts: [{ deptId, status: '1' }] });
    const fields = { order_id: orderId, exam_dept_id: deptId };
    // Each doctor is logged in through a different instance; the sessions live in the database too.
    const viaA = callerFor(a, await tokenFor(a, 'scale_doc1'));
    const viaB = callerFor(b, await tokenFor(b, 'scale_doc2'));

    expect((await viaA.post('/manager/api/departmentdiagnosis/dept_lock', fields)).statusCode).toBe(200);
    const refused = await viaB.post('/manager/api/departmentdiagnosis/dept_lock', fields);
    expect(refused.statusCode).toBe(423);
    expect(refused.json().msg).toContain('「周医生」');

    await viaA.post('/manager/api/departmentdiagnosis/dept_unlock', fields);
    expect((await viaB.post('/manager/api/departmentdiagnosis/dept_lock', fields)).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous lock requests through', async () => {
    const [a, b] = instances as [TestServer, TestServer];
    await addStaff(shared.db, 'race_doc1', '郑医生');
    await addStaff(shared.db, 'race_doc2', '冯医生');
    const orderId = await addOrder(shared.db, { status: 'depts_done' });
    const viaA = callerFor(a, await tokenFor(a, 'race_doc1'));
    const viaB = callerFor(b, await tokenFor(b, 'race_doc2'));

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? viaA : viaB).post('/manager/api/examreview/review_lock', { order_id: orderId }),
      ),
    );
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 423)).toBe(true);
    // One user holds it: every success came from the same side, and there was one.
    const winners = answers.map((r, i) => (r.statusCode === 200 ? (i % 2 ? 'A' : 'B') : null)).filter(Boolean);
    expect(winners.length).toBeGreaterThan(0);
    expect(new Set(winners).size).toBe(1);
  });
});
