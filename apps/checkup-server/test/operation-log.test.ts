import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { cstTime, todayCst } from '../src/db/demo/dates.js';
import { encrypt, form, useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addStaff, callerFor, tokenFor } from './support/domain.js';
import { sheetRows } from './support/resource-suite.js';

const LIST = { sys: '/manager/api/auditlog/sys/list', biz: '/manager/api/auditlog/biz/list' };

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  let admin: ReturnType<typeof callerFor>;
  let clerk: ReturnType<typeof callerFor>;
  let clerkId: number;
  const today = todayCst();
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    clerkId = await addStaff(server.database.db, 'ol_clerk', '吴登记', '0', { menu: ['exam_mg/order_mg'] });
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
    clerk = callerFor(server, await tokenFor(server, 'ol_clerk'));
    // A mistyped password, through the real login call.
    await server.app.inject({
      method: 'POST',
      url: '/manager/api/login/login',
      ...form({ user_account: 'ol_clerk', password: encrypt('wrong', server.keys.publicKeyPem) }),
    });
    await server.database.db.insert(auditLog).values([
      {
        action: 'order_status',
        userId: clerkId,
        userAccount: 'ol_clerk',
        target: 'OL20261121000001',
        detail: { action: 'start_exam', from: 'registered', to: 'in_exam', reason: null },
        ip: '10.0.0.5',
        createdAt: cstTime(yesterday, 23 * 60),
      },
      {
        action: 'confidential_access',
        userId: clerkId,
        userAccount: 'ol_clerk',
        target: 'OL20261122000002',
        detail: { customer_id: 7, purpose: '体检详情' },
        // Before the sign-ins above, whatever the time of day (00:10 today is later than a run at 00:05).
        createdAt: new Date(Date.now() - 20 * 60_000),
      },
      { action: 'logout', userId: clerkId, createdAt: new Date(Date.now() - 10 * 60_000) },
    ]);
  });

  const ids = (res: Awaited<ReturnType<typeof admin.get>>) =>
    res.json().data.list.map((r: { action: string; target: string | null }) => `${r.action}:${r.target ?? ''}`);

  it('lists sign-ins and confidential-person access in 系统操作日志, newest first, with who and from where', async () => {
    const res = await admin.get(LIST.sys, { key: 'ol_clerk' });
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual(['login_failed:', 'login:', 'logout:', 'confidential_access:OL20261122000002']);
    const logout = res.json().data.list[2];
    // Written with the user id only: the account comes from the user.
    expect(logout).toMatchObject({ user_account: 'ol_clerk', user_name: '吴登记', detail: null });
    const access = res.json().data.list[3];
    expect(JSON.parse(access.detail)).toEqual({ customer_id: 7, purpose: '体检详情' });
    expect(res.json().data.total).toBe(4);
  });

  it("keeps business actions to 业务操作日志, and finds them by the order, the name and the centre's day", async () => {
    const byOrder = await admin.get(LIST.biz, { key: 'OL20261121' });
    expect(ids(byOrder)).toEqual(['order_status:OL20261121000001']);
    expect(byOrder.json().data.list[0]).toMatchObject({ user_name: '吴登记', ip: '10.0.0.5' });
    expect(JSON.parse(byOrder.json().data.list[0].detail)).toMatchObject({ action: 'start_exam', to: 'in_exam' });
    // 23:00 yesterday in China is 15:00 UTC yesterday.
    expect(ids(await admin.get(LIST.biz, { key: '吴登记', date_from: yesterday, date_to: yesterday }))).toEqual([
      'order_status:OL20261121000001',
    ]);
    expect((await admin.get(LIST.biz, { key: '吴登记', date_from: today })).json().data.total).toBe(0);
    expect(ids(await admin.get(LIST.sys, { key: 'OL20261121' }))).toEqual([]);
  });

  it('filters one action and pages', async () => {
    expect(ids(await admin.get(LIST.sys, { action: 'login_failed', key: 'ol_clerk' }))).toEqual(['login_failed:']);
    const second = await admin.get(LIST.sys, { key: 'ol_clerk', page: 2, size: 3 });
    expect(second.json().data).toMatchObject({ total: 4, page: 2, size: 3 });
    expect(ids(second)).toEqual(['confidential_access:OL20261122000002']);
  });

  it('exports the filtered log to .xlsx with the actions in words', async () => {
    const res = await admin.get('/manager/api/auditlog/sys/export', { key: 'ol_clerk', action: 'login_failed' });
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['时间', '操作', '账号', '姓名', '对象', 'IP地址', '详情']);
    expect(rows.slice(1).map((r) => [r[1], r[2]])).toEqual([['登录失败', 'ol_clerk']]);
  });

  it('opens each log only to its own screen', async () => {
    await addStaff(server.database.db, 'ol_biz', '钱审计', '0', { menu: ['cfg/biz_operation_log'] });
    const auditor = callerFor(server, await tokenFor(server, 'ol_biz'));
    expect((await auditor.get(LIST.biz)).statusCode).toBe(200);
    expect((await auditor.get(LIST.sys)).statusCode).toBe(403);
    expect((await auditor.get('/manager/api/auditlog/sys/export')).statusCode).toBe(403);
  });

  it('refuses a user neither log is opened to', async () => {
    const res = await clerk.get(LIST.sys);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('没有权限执行此操作，请联系管理员');
  });

  describe('bad filters', () => {
    it.each([
      ['sys', { action: 'order_status' }, '操作类型不正确'],
      ['biz', { action: 'toString' }, '操作类型不正确'],
      ['biz', { date_from: today, date_to: yesterday }, '开始日期不能晚于结束日期'],
    ] as const)('refuses %s %o with a Chinese message', async (category, query, msg) => {
      const res = await admin.get(LIST[category], query);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    });
  });
});
