import { inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import { departments, roles, userDepts, userRoles, users } from '../schema.js';
import { hashPassword } from '../../modules/auth/password.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_ROLES, type DemoAccount } from '@checkup/api-contract';

/**
 * Creates the demo roles and accounts that are missing. The password is hashed once, and only when
 * an account is missing, because scrypt is slow on purpose and every test database runs this.
 */
export async function seedDemoAccounts(db: Db): Promise<void> {
  const roleList = Object.values(DEMO_ROLES);
  await db
    .insert(roles)
    .values(
      Object.entries(DEMO_ROLES).map(([key, r], i) => ({
        roleName: r.name,
        roleKey: key,
        sort: i + 1,
        roleMenu: [...r.menu],
      })),
    )
    .onConflictDoNothing();
  const roleRows = await db
    .select({ id: roles.id, name: roles.roleName })
    .from(roles)
    .where(
      inArray(
        roles.roleName,
        roleList.map((r) => r.name),
      ),
    );
  const roleId = new Map(roleRows.map((r) => [r.name, r.id]));

  const accounts = DEMO_ACCOUNTS.map((a) => a.account);
  const existing = await db
    .select({ account: users.userAccount })
    .from(users)
    .where(inArray(users.userAccount, accounts));
  const have = new Set(existing.map((u) => u.account));
  const missing = DEMO_ACCOUNTS.filter((a) => !have.has(a.account));
  if (missing.length === 0) return;
  await insertAccounts(db, missing);
  await assignRoles(db, missing, roleId);
  await assignDepartments(db, missing);
}

async function insertAccounts(db: Db, missing: readonly DemoAccount[]) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(users)
    .values(
      missing.map((a) => ({
        userAccount: a.account,
        userName: a.name,
        passwordHash,
        specialFlag: a.specialFlag,
        allDepts: a.depts === '*',
        isLeader: a.leader ?? false,
        discountFloor: (a.discountFloor ?? 100).toFixed(2),
      })),
    )
    .onConflictDoNothing();
}

/** Each demo account holds its one demo role. */
async function assignRoles(db: Db, accounts: readonly DemoAccount[], roleId: Map<string, number>) {
  const userRows = await db
    .select({ id: users.id, account: users.userAccount })
    .from(users)
    .where(
      inArray(
        users.userAccount,
        accounts.map((a) => a.account),
      ),
    );
  const userId = new Map(userRows.map((u) => [u.account, u.id]));
  const rows = accounts.flatMap((a) => {
    const user = userId.get(a.account);
    const role = roleId.get(DEMO_ROLES[a.role].name);
    return user !== undefined && role !== undefined ? [{ userId: user, roleId: role }] : [];
  });
  if (rows.length) await db.insert(userRoles).values(rows).onConflictDoNothing();
}

/** The demo doctors' departments, by department code (user_depts of the demo accounts). */
async function assignDepartments(db: Db, accounts: readonly DemoAccount[]) {
  const doctors = accounts.filter((a) => Array.isArray(a.depts) && a.depts.length > 0);
  if (doctors.length === 0) return;
  const [userRows, deptRows] = await Promise.all([
    db
      .select({ id: users.id, account: users.userAccount })
      .from(users)
      .where(
        inArray(
          users.userAccount,
          doctors.map((d) => d.account),
        ),
      ),
    db.select({ id: departments.id, code: departments.deptCode }).from(departments),
  ]);
  const userId = new Map(userRows.map((u) => [u.account, u.id]));
  const deptId = new Map(deptRows.map((d) => [d.code, d.id]));
  const rows = doctors.flatMap((d) =>
    (Array.isArray(d.depts) ? d.depts : [])
      .map((code) => ({ userId: userId.get(d.account), deptId: deptId.get(code) }))
      .filter((r): r is { userId: number; deptId: number } => r.userId !== undefined && r.deptId !== undefined),
  );
  if (rows.length) await db.insert(userDepts).values(rows).onConflictDoNothing();
}
