import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { idNumberCheckChar } from '@checkup/api-contract';
import { openDatabase, type Database } from '../src/db/client.js';
import { companies, customers, personalDataKey, reportDeliveries } from '../src/db/schema.js';
import { beginRotation, preparePersonalData } from '../src/modules/people/data-key-record.js';
import { rotateDataKey } from '../src/modules/people/data-key-rotation.js';
import { PersonalData } from '../src/modules/people/personal-data.js';
import { DATA_KEY_FILE_NAME, loadDataKey } from '../src/modules/security/data-key.js';
import { createKeyFile, readKeyFile } from '../src/modules/security/key-file.js';
import { describeOnEachDatabase, openTestDatabase, type TestDatabase } from './support/database.js';
import { migrationsBefore } from './support/migrations.js';

/**
 * Issue 17 §2: a database written by a version before migration 0010 (plain ID numbers and phones)
 * is upgraded, sealed at the first start, checked against its key at every start, and rotated.
 */
const ID_18 = (() => {
  const first17 = '11010519491231002';
  return `${first17}${idNumberCheckChar(first17)}`;
})();
const ID_15 = '110105491231002';
const ID_X = '11010519800101069x';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** Rows as the older version wrote them: plain text, an ID in each form, phones as typed. */
async function writeOldRows(database: Database) {
  const { db } = database;
  await db.execute(sql`
    insert into customers (cust_name, sex, birthday, cust_id_card, phone) values
      ('旧甲', '1', '1949-12-31', ${ID_18.slice(0, 17) + '1'}, '13800001111'),
      ('旧乙', '1', '1949-12-31', ${ID_15}, '138-0000-2222'),
      ('旧丙', '1', '1980-01-01', ${ID_X}, null),
      ('旧丁', '2', '1990-02-02', null, '0571-88886666')`);
  await db.execute(
    sql`insert into companies (company_name, contact_name, contact_phone) values ('旧单位', '王经理', '13900003333')`,
  );
  await db.execute(sql`
    insert into orders (order_id, customer_id, exam_type, status, exam_date, total_price)
    select '20250101000001', id, 'health', 'report_sent', '2025-01-01', 0 from customers where cust_name = '旧甲'`);
  await db.execute(sql`
    insert into report_deliveries (order_id, method, recipient, destination, status, operator_id)
    values ('20250101000001', 'sms', '旧甲', '13800001111', 'sent', 1)`);
}

describeOnEachDatabase((target) => {
  let old: TestDatabase;
  let database: Database;
  let keysDir: string;
  let pgliteDir: string | undefined;
  let oldMigrations: string;
  const db = () => database.db;
  const identities = async (personalData: PersonalData) =>
    (await db().select().from(customers).orderBy(asc(customers.id))).map((c) => ({
      name: c.custName,
      ...personalData.openIdentity(c),
      idHash: c.custIdCardHash,
      phoneHash: c.phoneHash,
    }));
  const plainLeft = async () =>
    rowsOf(
      await db().execute(sql`
        select (select count(*) from customers where cust_id_card is not null or phone is not null)::int as customers,
               (select count(*) from companies where contact_phone is not null)::int as companies,
               (select count(*) from report_deliveries where destination is not null)::int as deliveries`),
    )[0];

  beforeAll(async () => {
    keysDir = await mkdtemp(path.join(tmpdir(), 'checkup-upgrade-keys-'));
    pgliteDir = target.kind === 'pglite' ? await mkdtemp(path.join(tmpdir(), 'checkup-upgrade-db-')) : undefined;
    oldMigrations = await migrationsBefore('0010');
    old = await openTestDatabase(target, { migrationsFolder: oldMigrations, dir: pgliteDir, seed: false });
    await writeOldRows(old);
    // The new version opens the same database, which applies 0010.
    if (pgliteDir) await old.close();
    database = await openDatabase(pgliteDir ? { kind: 'pglite', dir: pgliteDir } : { kind: 'postgres', url: old.url! });
  });
  afterAll(async () => {
    await database?.close();
    if (!pgliteDir) await old?.close();
    for (const dir of [keysDir, pgliteDir, oldMigrations]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps the plain text through the migration, which cannot encrypt', async () => {
    expect(await plainLeft()).toEqual({ customers: 4, companies: 1, deliveries: 1 });
  });

  it('seals every plain ID number and phone at the first start and clears it; each is found by any form', async () => {
    const { personalData, sealed } = await preparePersonalData(db(), await loadDataKey({ keysDir }));

    expect(sealed).toEqual({ customers: 4, companies: 1, reportDeliveries: 1 });
    expect(await plainLeft()).toEqual({ customers: 0, companies: 0, deliveries: 0 });
    const people = await identities(personalData);
    expect(people.map(({ name, idCard, phone }) => ({ name, idCard, phone }))).toEqual([
      { name: '旧甲', idCard: `${ID_18.slice(0, 17)}1`, phone: '13800001111' },
      { name: '旧乙', idCard: ID_15, phone: '138-0000-2222' },
      { name: '旧丙', idCard: ID_X, phone: null },
      { name: '旧丁', idCard: null, phone: '0571-88886666' },
    ]);
    expect(people[1]!.idHash).toBe(personalData.idCardLookup(ID_18));
    expect(people[2]!.idHash).toBe(personalData.idCardLookup(ID_X.toUpperCase()));
    expect(people[1]!.phoneHash).toBe(personalData.phoneLookup('13800002222'));
    expect(people[3]!.phoneHash).toBe(personalData.phoneLookup('057188886666'));
    const [company] = await db().select().from(companies);
    expect(personalData.open('companies.contact_phone', company!.contactPhoneEnc!)).toBe('13900003333');
    const [delivery] = await db().select().from(reportDeliveries);
    expect(personalData.open('report_deliveries.destination', delivery!.destinationEnc!)).toBe('13800001111');
  });

  it('converts nothing at the next start, and the database then refuses any plain value', async () => {
    const { sealed } = await preparePersonalData(db(), await loadDataKey({ keysDir }));
    expect(sealed).toEqual({ customers: 0, companies: 0, reportDeliveries: 0 });
    await expect(
      db().execute(
        sql`insert into customers (cust_name, sex, birthday, phone) values ('明文', '1', '1990-01-01', '13800009999')`,
      ),
    ).rejects.toSatisfy((error: Error) => /customers_no_plain_identity/.test(String(error.cause ?? error)));
  });

  it('refuses a start with another key, naming both', async () => {
    const strangerKey = randomBytes(32);
    const stranger = new PersonalData(strangerKey);
    const recorded = new PersonalData((await readKeyFile(path.join(keysDir, DATA_KEY_FILE_NAME)))!);
    await expect(preparePersonalData(db(), { key: strangerKey, source: 'PERSONAL_DATA_KEY' })).rejects.toThrow(
      `sealed with key ${recorded.keyId}, but PERSONAL_DATA_KEY holds key ${stranger.keyId}`,
    );
  });

  it('re-seals and re-hashes every value under a new key and keeps the old key file aside', async () => {
    const before = new PersonalData((await readKeyFile(path.join(keysDir, DATA_KEY_FILE_NAME)))!);
    const plain = (await identities(before)).map(({ name, idCard, phone }) => ({ name, idCard, phone }));

    const result = await rotateDataKey(db(), { kind: 'file', keysDir });

    const after = new PersonalData((await readKeyFile(path.join(keysDir, DATA_KEY_FILE_NAME)))!);
    expect(result).toMatchObject({ from: before.keyId, to: after.keyId, resealed: { customers: 4, companies: 1 } });
    expect(after.keyId).not.toBe(before.keyId);
    expect(await readdir(keysDir)).toEqual(
      expect.arrayContaining([DATA_KEY_FILE_NAME, `${DATA_KEY_FILE_NAME}.${before.keyId}.retired`]),
    );
    const people = await identities(after);
    expect(people.map(({ name, idCard, phone }) => ({ name, idCard, phone }))).toEqual(plain);
    expect(people[1]!.idHash).toBe(after.idCardLookup(ID_18));
    expect(people[0]!.phoneHash).toBe(after.phoneLookup('13800001111'));
    expect(await db().select().from(personalDataKey)).toMatchObject([{ keyId: after.keyId, nextKeyId: null }]);
    await expect(preparePersonalData(db(), await loadDataKey({ keysDir }))).resolves.toBeDefined();
    const retired = await readKeyFile(path.join(keysDir, `${DATA_KEY_FILE_NAME}.${before.keyId}.retired`));
    await expect(preparePersonalData(db(), { key: retired!, source: 'the retired key' })).rejects.toThrow(
      /sealed with key/,
    );
  });

  it('refuses to start while a rotation is unfinished, and finishes when run again', async () => {
    const current = new PersonalData((await readKeyFile(path.join(keysDir, DATA_KEY_FILE_NAME)))!);
    // A run that stopped after its first row.
    const next = new PersonalData(await createKeyFile(path.join(keysDir, `${DATA_KEY_FILE_NAME}.next`)));
    await beginRotation(db(), current, next);
    const [first] = await db().select().from(customers).orderBy(asc(customers.id)).limit(1);
    await db()
      .update(customers)
      .set(next.sealIdentity(current.openIdentity(first!)))
      .where(eq(customers.id, first!.id));

    await expect(preparePersonalData(db(), await loadDataKey({ keysDir }))).rejects.toThrow(/has not finished/);
    const result = await rotateDataKey(db(), { kind: 'file', keysDir });

    expect(result).toMatchObject({ from: current.keyId, to: next.keyId, resealed: { customers: 3 } });
    const people = await identities(next);
    expect(people.every((p) => p.idHash === null || p.idHash === next.idCardLookup(p.idCard!))).toBe(true);
    expect((await loadDataKey({ keysDir })).key).toEqual(await readKeyFile(path.join(keysDir, DATA_KEY_FILE_NAME)));
    await expect(preparePersonalData(db(), await loadDataKey({ keysDir }))).resolves.toBeDefined();
  });
});
