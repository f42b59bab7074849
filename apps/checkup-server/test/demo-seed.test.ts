import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/client.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_ROLES, type DemoAccount } from '@checkup/api-contract';
import { seedDemoOrders } from '../src/db/demo/seed-orders.js';
import * as t from '../src/db/schema.js';
import { seedDemoData } from '../src/db/seed.js';
import { verifyPassword } from '../src/modules/auth/password.js';
import { testPersonalData, useTestServer } from './support/app.js';
import { describeOnEachDatabase, openTestDatabase } from './support/database.js';
import { tokenFor } from './support/domain.js';

/** Everything seedDemoData writes, read in a stable order. */
async function seededRows(db: Db) {
  return {
    parameters: await db.select().from(t.parameters).orderBy(asc(t.parameters.paramCode)),
    roles: await db.select().from(t.roles).orderBy(asc(t.roles.id)),
    users: await db.select().from(t.users).orderBy(asc(t.users.id)),
    departments: await db.select().from(t.departments).orderBy(asc(t.departments.id)),
    workGroups: await db.select().from(t.workGroups).orderBy(asc(t.workGroups.id)),
    items: await db.select().from(t.examItems).orderBy(asc(t.examItems.id)),
    unions: await db.select().from(t.unions).orderBy(asc(t.unions.id)),
    unionItems: await db.select().from(t.unionItems).orderBy(asc(t.unionItems.unionId), asc(t.unionItems.itemId)),
    mutex: await db.select().from(t.unionMutex).orderBy(asc(t.unionMutex.unionId)),
    packages: await db.select().from(t.packages).orderBy(asc(t.packages.id)),
    packageUnions: await db
      .select()
      .from(t.packageUnions)
      .orderBy(asc(t.packageUnions.packageId), asc(t.packageUnions.unionId)),
    diagnoses: await db.select().from(t.diagnoses).orderBy(asc(t.diagnoses.id)),
    rules: await db.select().from(t.itemDiagRules).orderBy(asc(t.itemDiagRules.itemId), asc(t.itemDiagRules.direction)),
  };
}

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;

  it('seeds a catalogue with departments, unions, packages and a diagnosis dictionary', async () => {
    const rows = await seededRows(db());
    expect(rows.departments.map((d) => d.deptName)).toEqual(
      expect.arrayContaining(['内科', '检验科', '超声科', '放射科']),
    );
    expect(rows.unions.find((u) => u.unionName === '妇科检查')?.genderLimit).toBe('2');
    expect(rows.unions.find((u) => u.unionName === '前列腺彩超')?.genderLimit).toBe('1');
    expect(rows.unions.find((u) => u.unionName === '血常规')).toMatchObject({ specimen: 'blood', pinyin: 'xcg' });
    expect(rows.packages.map((p) => p.packageName)).toContain('职业健康体检(粉尘)');
    expect(rows.diagnoses.length).toBeGreaterThanOrEqual(40);
    expect(rows.mutex.length).toBeGreaterThanOrEqual(2);
  });

  it('changes nothing when seeded a second time', async () => {
    const before = await seededRows(db());
    await seedDemoData(db());
    expect(await seededRows(db())).toEqual(before);
  });

  it('lets every demo account log in with the demo password, with its role and confidentiality right', async () => {
    const users = await db()
      .select({ user: t.users, menu: t.roles.roleMenu })
      .from(t.users)
      .innerJoin(t.userRoles, eq(t.userRoles.userId, t.users.id))
      .innerJoin(t.roles, eq(t.roles.id, t.userRoles.roleId))
      .where(
        inArray(
          t.users.userAccount,
          DEMO_ACCOUNTS.map((a) => a.account),
        ),
      );
    expect(users).toHaveLength(DEMO_ACCOUNTS.length);
    for (const account of DEMO_ACCOUNTS as readonly DemoAccount[]) {
      const row = users.find((u) => u.user.userAccount === account.account)!;
      expect(row.user.specialFlag).toBe(account.specialFlag);
      expect(row.menu).toEqual(DEMO_ROLES[account.role].menu);
      expect(row.user.allDepts).toBe(account.depts === '*');
      expect(row.user.isLeader).toBe(account.leader ?? false);
      expect(Number(row.user.discountFloor)).toBe(account.discountFloor ?? 100);
      expect(await verifyPassword(DEMO_PASSWORD, row.user.passwordHash)).toBe(true);
    }
    // Issue 20: the critical-value expert closes those of confidential persons too.
    expect(
      DEMO_ACCOUNTS.filter((a) => a.specialFlag === '1')
        .map((a) => a.account)
        .sort(),
    ).toEqual(['admin', 'chief', 'chief2', 'expert']);
    for (const account of ['reg', 'doctor1', 'chief', 'chief2', 'reviewer', 'nurse', 'expert']) {
      await expect(tokenFor(server, account, DEMO_PASSWORD)).resolves.toMatch(/\S+/);
    }
  });
});

describeOnEachDatabase((target) => {
  const databases: Database[] = [];
  beforeAll(async () => {
    databases.push(await openTestDatabase(target), await openTestDatabase(target));
  });
  afterAll(async () => {
    for (const database of databases) await database.close();
  });

  it('gives the same data for the same seed, and other data for another', async () => {
    const [a, b] = databases.map((d) => d.db) as [Db, Db];
    const options = { orders: 120, seed: 11, today: '2026-03-16', personalData: testPersonalData };
    await seedDemoOrders(a, options);
    await seedDemoOrders(b, options);
    const snapshot = async (db: Db) => ({
      // Sealing draws a fresh iv each time: the same data is the same plain text.
      customers: (await db.select().from(t.customers).orderBy(asc(t.customers.id))).map(
        ({ custIdCardEnc, phoneEnc, ...rest }) => ({
          ...rest,
          ...testPersonalData.openIdentity({ custIdCardEnc, phoneEnc }),
        }),
      ),
      orders: await db.select().from(t.orders).orderBy(asc(t.orders.orderId)),
      unions: await db.select().from(t.orderUnions).orderBy(asc(t.orderUnions.orderId), asc(t.orderUnions.unionId)),
      results: (
        await db.select().from(t.itemResults).orderBy(asc(t.itemResults.orderId), asc(t.itemResults.itemId))
      ).map(({ id: _id, ...rest }) => rest),
    });
    const first = await snapshot(a);
    expect(first.orders).toHaveLength(120);
    expect(await snapshot(b)).toEqual(first);

    const other = await openTestDatabase(target);
    try {
      await seedDemoOrders(other.db, { ...options, seed: 12 });
      expect((await snapshot(other.db)).customers.map((c) => c.custName)).not.toEqual(
        first.customers.map((c) => c.custName),
      );
    } finally {
      await other.close();
    }
  });
});
