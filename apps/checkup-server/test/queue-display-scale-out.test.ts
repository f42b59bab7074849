import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { todayCst } from '../src/lib/hospital-day.js';
import { loadPasswordKeys } from '../src/modules/auth/keys.js';
import { deriveApiKeys } from '../src/modules/security/api-secret.js';
import { MemoryNonceStore } from '../src/modules/security/nonce-store.js';
import { testPersonalData, type TestServer } from './support/app.js';
import { openTestDatabase, postgresUrl, type TestDatabase } from './support/database.js';
import { addDept, addOrder, addStaff, callerFor, tokenFor } from './support/domain.js';
import { openEventStream, type EventStreamClient } from './support/event-stream.js';
import { updateApiSecurity } from './support/signing.js';

/**
 * Issue 8 §4: a call made through one checkup server instance reaches the displays connected to
 * another, through PostgreSQL LISTEN/NOTIFY.
 */
describe.skipIf(!postgresUrl)('queue display across two checkup server instances (TEST_DATABASE_URL)', () => {
  let shared: TestDatabase;
  let second: Database;
  const instances: TestServer[] = [];
  const streams: EventStreamClient[] = [];
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
    for (const stream of streams) stream.close();
    for (const instance of instances) await instance.app.close();
    await second?.close();
    await shared?.close();
    if (keysDir) await rm(keysDir, { recursive: true, force: true });
  });

  it('shows on a display of instance B a call made through instance A', async () => {
    const [a, b] = instances as [TestServer, TestServer];
    const today = todayCst();
    await addStaff(shared.db, 'hall_doc', '孙医生');
    const { deptId } = await addDept(shared.db, '眼科');
    await addOrder(shared.db, {
      status: 'checked_in',
      name: '欧阳小明',
      examDate: today,
      depts: [{ deptId, status: '0' }],
    });
    const viaA = callerFor(a, await tokenFor(a, 'hall_doc'));
    await viaA.get('/manager/api/queue/dept_queue', { exam_dept_id: deptId });

    const base = await b.app.listen({ host: '127.0.0.1', port: 0 });
    const stream = await openEventStream(`${base}/manager/api/queue/display_stream?dept_ids=${deptId}`);
    streams.push(stream);
    await stream.next((f) => f.comment === 'connected');

    await viaA.post('/manager/api/queue/call_next', { exam_dept_id: deptId });

    const frame = await stream.next((f) => f.event === 'queue');
    expect(JSON.parse(frame.data!)).toMatchObject({
      event_type: 'call',
      exam_dept_id: deptId,
      dept_name: '眼科',
      queue_no: 1,
      display_name: '欧**明',
    });
  });
});
