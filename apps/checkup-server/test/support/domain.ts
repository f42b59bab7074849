import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import {
  customers,
  departments,
  orderDepts,
  orders,
  roles,
  userDepts,
  users,
  workGroups,
  userRoles,
} from '../../src/db/schema.js';
import { hashPassword } from '../../src/modules/auth/password.js';
import { encrypt, form, testPersonalData, type TestServer } from './app.js';

/**
 * Small, explicit domain rows for tests that must not depend on the demo seed: a department or
 * two, an examinee, an order in a given status with its departments, and staff accounts.
 */
const PASSWORD = 'Test@2026pass';
let hash: Promise<string> | null = null;
let serial = 0;

export interface StaffAccess {
  /** The role's menu keys; by default every screen ('*'), for suites about other behaviour. */
  menu?: string[];
  /** Departments whose results the account enters; by default all ('*'). */
  depts?: number[] | '*';
}

/** A staff account with a role of its own; the access suites narrow its menu and departments. */
export async function addStaff(
  db: Db,
  account: string,
  name: string,
  specialFlag: '0' | '1' = '0',
  access: StaffAccess = {},
) {
  hash ??= hashPassword(PASSWORD);
  const depts = access.depts ?? '*';
  const [role] = await db
    .insert(roles)
    .values({ roleName: `测试角色-${account}`, roleKey: `t_${account}`, roleMenu: access.menu ?? ['*'] })
    .returning({ id: roles.id });
  const [user] = await db
    .insert(users)
    .values({
      userAccount: account,
      userName: name,
      passwordHash: await hash,
      specialFlag,
      allDepts: depts === '*',
    })
    .returning({ id: users.id });
  await db.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
  if (depts !== '*' && depts.length > 0) {
    await db.insert(userDepts).values(depts.map((deptId) => ({ userId: user!.id, deptId })));
  }
  return user!.id;
}

/** Logs in through the real login call; answers the upstream token. */
export async function tokenFor(server: TestServer, account: string, password = PASSWORD): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/manager/api/login/login',
    ...form({ user_account: account, password: encrypt(password, server.keys.publicKeyPem) }),
  });
  const token = res.json().data?.token as string | undefined;
  if (!token) throw new Error(`login of ${account} failed: ${res.body}`);
  return token;
}

export async function addDept(db: Db, name: string, imaging = false) {
  serial += 1;
  const [dept] = await db
    .insert(departments)
    .values({ deptCode: `T${serial}-${Date.now() % 100000}`, deptName: name, deptType: imaging ? 'imaging' : 'check' })
    .returning({ id: departments.id });
  const [group] = await db
    .insert(workGroups)
    .values({ deptId: dept!.id, groupName: `${name}组`, isImaging: imaging })
    .returning({ id: workGroups.id });
  return { deptId: dept!.id, workGroupId: group!.id };
}

export interface OrderFixture {
  status: string;
  confidential?: boolean;
  name?: string;
  idCard?: string | null;
  examDate?: string;
  /** Department ids with their order_depts status ('0' waiting, '1' results entered, '2' signed). */
  depts?: { deptId: number; status: '0' | '1' | '2' }[];
}

export async function addOrder(db: Db, fixture: OrderFixture): Promise<string> {
  serial += 1;
  const examDate = fixture.examDate ?? '2026-11-21';
  const [customer] = await db
    .insert(customers)
    .values({
      custName: fixture.name ?? `测试者${serial}`,
      sex: '1',
      birthday: '1980-05-06',
      ...testPersonalData.sealIdentity({ idCard: fixture.idCard }),
      specialFlag: fixture.confidential ? '1' : '0',
    })
    .returning({ id: customers.id });
  const orderId = `${examDate.replaceAll('-', '')}${String(900000 + serial).padStart(6, '0')}`;
  await db.insert(orders).values({
    orderId,
    customerId: customer!.id,
    examType: 'health',
    status: fixture.status,
    examDate,
    totalPrice: '0.00',
  });
  for (const dept of fixture.depts ?? []) {
    await db.insert(orderDepts).values({ orderId, deptId: dept.deptId, examDate, status: dept.status });
  }
  return orderId;
}

export async function orderStatus(db: Db, orderId: string) {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.orderId, orderId));
  return row?.status;
}

/** inject helpers carrying the upstream token, as the BFF sends it. */
export function callerFor(server: TestServer, token: string) {
  const headers = { 'x-checkup-token': token };
  return {
    token,
    get: (url: string, query: Record<string, string | number> = {}) =>
      server.app.inject({
        method: 'GET',
        url: `${url}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
        headers,
      }),
    post: (url: string, fields: Record<string, string | number>) => {
      const body = form(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])));
      return server.app.inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: { ...body.headers, ...headers },
      });
    },
  };
}
