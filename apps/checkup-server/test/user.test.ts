import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { userSimpleListRoute } from '@checkup/api-contract';
import { users } from '../src/db/schema.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addStaff, callerFor, tokenFor } from './support/domain.js';

const USER_SIMPLE_LIST = '/manager/api/user/user_simple_list';

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  let admin: ReturnType<typeof callerFor>;
  let nurse: number;
  let retired: number;
  const db = () => server.database.db;

  beforeAll(async () => {
    nurse = await addStaff(db(), 'usr_nurse', '周护士');
    retired = await addStaff(db(), 'usr_retired', '吴医生');
    await db().update(users).set({ status: '0' }).where(eq(users.id, retired));
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
  });

  it('lists the active users by id with their id and name only', async () => {
    const res = await admin.get(USER_SIMPLE_LIST);

    expect(res.statusCode).toBe(200);
    const list = userSimpleListRoute.output.parse(res.json().data);
    const active = await db()
      .select({ id: users.id, user_name: users.userName })
      .from(users)
      .where(eq(users.status, '1'))
      .orderBy(asc(users.id));
    expect(res.json().data).toEqual(active);
    expect(list).toContainEqual({ id: nurse, user_name: '周护士' });
    expect(list.map((u) => u.id)).not.toContain(retired);
    for (const row of res.json().data) expect(Object.keys(row).sort()).toEqual(['id', 'user_name']);
  });

  it('never carries a password hash, an account or a right', async () => {
    const res = await admin.get(USER_SIMPLE_LIST);
    expect(res.body).not.toMatch(/scrypt|password|user_account|role|special_flag/);
  });

  it('is closed to callers without a session', async () => {
    const res = await server.app.inject({ method: 'GET', url: USER_SIMPLE_LIST });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('周护士');
  });
});
