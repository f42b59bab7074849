import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog, parameters, roles, userRoles, users } from '../src/db/schema.js';
import { createSession } from '../src/modules/auth/session-repository.js';
import { PARAM } from '../src/modules/parameters/codes.js';
import { form, useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { callerFor, tokenFor } from './support/domain.js';

const SET_SERVICE_TYPE = '/manager/external/external/set_service_type';
const VERSION = '/manager/api/commondata/version';

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  let admin: ReturnType<typeof callerFor>;
  let configurer: ReturnType<typeof callerFor>;
  let doctor: ReturnType<typeof callerFor>;
  let noRole: ReturnType<typeof callerFor>;
  const db = () => server.database.db;

  /** A user whose role opens `roleMenu`, with a live session; null means no role at all. */
  const staff = async (account: string, roleMenu: string[] | null) => {
    const [role] = roleMenu
      ? await db()
          .insert(roles)
          .values({ roleName: `模式-${account}`, roleKey: `m_${account}`, roleMenu })
          .returning({ id: roles.id })
      : [];
    const [user] = await db()
      .insert(users)
      .values({ userAccount: account, userName: account, passwordHash: 'unused' })
      .returning({ id: users.id });
    if (role) await db().insert(userRoles).values({ userId: user!.id, roleId: role.id });
    return callerFor(server, await createSession(db(), user!.id));
  };
  const storedMode = async () =>
    (await db().select().from(parameters).where(eq(parameters.paramCode, PARAM.SERVICE_MODE)))[0]?.paramValue;
  const versionMode = async () =>
    (await server.app.inject({ method: 'GET', url: VERSION })).json().data.service_type as number;
  const audits = (action: string) =>
    db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));

  beforeAll(async () => {
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
    configurer = await staff('mode_cfg', ['eim/EimModeControl', 'exam_mg/home_page']);
    doctor = await staff('mode_doc', ['cfg', 'cfg/par_cfg', 'exam_mg/dept_diag']);
    noRole = await staff('mode_none', null);
  });

  it('switches an administrator to the external server, shown by the version info and audited', async () => {
    expect(await versionMode()).toBe(1);

    const res = await admin.post(SET_SERVICE_TYPE, { type: 2 });

    expect(res.json()).toEqual({ status: 200, data: { service_type: 2 }, msg: '操作成功' });
    expect(await storedMode()).toEqual({ service_type: 2 });
    expect(await versionMode()).toBe(2);
    const [audit] = await audits('service_type_switch');
    expect(audit).toMatchObject({ userAccount: 'admin', target: '0001', detail: { from: 1, to: 2 } });
  });

  it('answers the mode already active with 当前就是…无需切换 and writes nothing', async () => {
    const before = (await audits('service_type_switch')).length;

    const res = await admin.post(SET_SERVICE_TYPE, { type: '2' });

    expect(res.json()).toEqual({ status: 409, data: null, msg: '当前就是外部服务器无需切换' });
    expect(await storedMode()).toEqual({ service_type: 2 });
    expect(await audits('service_type_switch')).toHaveLength(before);
  });

  it('lets a user 外检模式 is opened to switch back, keeping the rest of parameter 0001', async () => {
    await db()
      .update(parameters)
      .set({ paramValue: { service_type: 2, note: '外检期间' } })
      .where(eq(parameters.paramCode, PARAM.SERVICE_MODE));

    const res = await configurer.post(SET_SERVICE_TYPE, { type: '1' });

    expect(res.json()).toEqual({ status: 200, data: { service_type: 1 }, msg: '操作成功' });
    expect(await storedMode()).toEqual({ service_type: 1, note: '外检期间' });
    expect(await versionMode()).toBe(1);
    expect((await configurer.post(SET_SERVICE_TYPE, { type: '1' })).json().msg).toBe('当前就是体检服务器无需切换');
  });

  it.each([
    ['without the 外检模式 screen', () => doctor, 'mode_doc'],
    ['without any role', () => noRole, 'mode_none'],
  ])('refuses a user %s, changes nothing and audits the attempt', async (_case, caller, account) => {
    const res = await caller().post(SET_SERVICE_TYPE, { type: '2' });

    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 403, data: null, msg: '没有权限执行此操作，请联系管理员' });
    expect(await storedMode()).toMatchObject({ service_type: 1 });
    const refused = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access_denied'), eq(auditLog.userAccount, account)));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      target: SET_SERVICE_TYPE,
      detail: { method: 'POST', access: ['eim/EimModeControl'] },
    });
  });

  it.each([
    [{ type: '3' }, '服务模式只能是1（体检服务器）或2（外部服务器）'],
    [{ type: '0' }, '服务模式只能是1（体检服务器）或2（外部服务器）'],
    [{}, '服务模式只能是1（体检服务器）或2（外部服务器）'],
  ])('refuses %j with a Chinese message and writes nothing', async (fields, msg) => {
    const before = (await audits('service_type_switch')).length;
    const res = await admin.post(SET_SERVICE_TYPE, fields);
    expect(res.json()).toEqual({ status: 400, data: null, msg });
    expect(await storedMode()).toMatchObject({ service_type: 1 });
    expect(await audits('service_type_switch')).toHaveLength(before);
  });

  it('is closed to callers without a session, although it lives outside /manager/api', async () => {
    const res = await server.app.inject({ method: 'POST', url: SET_SERVICE_TYPE, ...form({ type: '2' }) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 401, data: null, msg: '登录信息已过期，请重新登录' });
    expect(await storedMode()).toMatchObject({ service_type: 1 });
  });

  it('answers an unknown /manager/external path with 401 to a stranger', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/manager/external/external/nope' })).statusCode).toBe(401);
  });
});
