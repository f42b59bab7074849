import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loginLogResource, noticeResource, serverOpLogResource } from '@checkup/api-contract';
import { auditLog, serverOpLogs, users } from '../src/db/schema.js';
import { cleanupLogs } from '../src/modules/jobs/maintenance-jobs.js';
import { encrypt, form, useTestServer } from './support/app.js';
import { staffSession } from './support/access.js';
import { describeOnEachDatabase } from './support/database.js';
import { addStaff, callerFor, tokenFor } from './support/domain.js';
import { describeResource } from './support/resource-suite.js';

const OP = serverOpLogResource.routes;
const LOGIN = loginLogResource.routes;
const CLEAR = '/manager/api/backendlog/op/clear';
const NOTICE_SAVE = noticeResource.routes.save.path;

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let admin: ReturnType<typeof callerFor>;

  /** The operation log's rows of one account, once the answers' rows have been written. */
  async function opRows(account: string, count: number) {
    return vi.waitFor(async () => {
      const rows = (await admin.get(OP.list.path, { key: account, size: 50 })).json().data.list;
      expect(rows).toHaveLength(count);
      return rows as Record<string, unknown>[];
    });
  }

  beforeAll(async () => {
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
  });

  describe('操作日志', () => {
    it('keeps a row for a call that writes and for a failed call, with its screen, and none for a read', async () => {
      const writer = callerFor(server, await staffSession(db(), 'bl_writer', ['management_data/remind_data']));
      expect((await writer.get(noticeResource.routes.list.path)).statusCode).toBe(200);
      const saved = await writer.post(NOTICE_SAVE, { title: '停电通知', content: '周六停电' });
      expect(saved.json().status).toBe(200);
      // A refusal of the form, and a call to a screen the role does not open.
      expect((await writer.post(NOTICE_SAVE, { title: '', content: 'x' })).statusCode).toBe(400);
      expect((await writer.get(OP.list.path)).statusCode).toBe(403);

      const rows = await opRows('bl_writer', 3);
      expect(rows.map((r) => [r.module, r.method, r.url, r.status, r.error])).toEqual([
        ['后端日志', 'GET', OP.list.path, 403, '没有权限执行此操作，请联系管理员'],
        ['提醒数据', 'POST', NOTICE_SAVE, 400, '请填写标题'],
        ['提醒数据', 'POST', NOTICE_SAVE, 200, null],
      ]);
      expect(rows[2]).toMatchObject({ summary: '保存公告（新增或修改，修改须带版本号）', user_account: 'bl_writer' });
      expect(rows[2]!.duration_ms).toBeGreaterThanOrEqual(0);
    });

    it('never keeps a request body, and masks ID numbers and phones in the URL and the message', async () => {
      const prier = callerFor(server, await staffSession(db(), 'bl_prier', ['cfg/log_backend']));
      // A refused filter: the URL carries a phone and an ID number.
      const res = await prier.get(OP.list.path, { key: '13812345678', module: '110101199003071234', date_from: 'x' });
      expect(res.statusCode).toBe(400);
      const [row] = await opRows('bl_prier', 1);
      expect(row!.url).not.toMatch(/13812345678|110101199003071234/);
      expect(row!.url).toContain('138****5678');
      const stored = await db().select().from(serverOpLogs).where(eq(serverOpLogs.userAccount, 'bl_prier'));
      expect(JSON.stringify(stored)).not.toMatch(/13812345678|110101199003071234/);
    });

    it('filters by module, account, outcome and day, and shows a row whole', async () => {
      await opRows('bl_writer', 3);
      const failed = (await admin.get(OP.list.path, { key: 'bl_writer', outcome: 'failed' })).json().data;
      expect(failed.list.map((r: { status: number }) => r.status)).toEqual([403, 400]);
      const ok = (await admin.get(OP.list.path, { key: 'bl_writer', outcome: 'ok' })).json().data;
      expect(ok.total).toBe(1);
      expect((await admin.get(OP.list.path, { key: 'bl_writer', module: '提醒' })).json().data.total).toBe(2);
      expect(
        (await admin.get(OP.list.path, { key: 'bl_writer', date_from: '2020-01-01', date_to: '2020-01-02' })).json()
          .data.total,
      ).toBe(0);
      const detail = await admin.get(OP.detail.path, { id: ok.list[0].id });
      expect(detail.json().data).toMatchObject({ url: NOTICE_SAVE, method: 'POST', status: 200 });
      expect((await admin.get(OP.list.path, { outcome: 'maybe' })).json().msg).toBe('状态只能是成功或失败');
    });

    it('清空 needs its own permission beside the screen, and leaves an audit row', async () => {
      const reader = callerFor(server, await staffSession(db(), 'bl_reader', ['cfg/log_backend']));
      expect((await reader.post(CLEAR, {})).statusCode).toBe(403);
      const clearer = callerFor(
        server,
        await staffSession(db(), 'bl_clearer', ['cfg/log_backend', 'cfg/log_backend:clear']),
      );
      // Wait for the refused call's own row, so that the clear removes everything written so far.
      await opRows('bl_reader', 1);
      const cleared = await clearer.post(CLEAR, {});
      expect(cleared.json().data.removed).toBeGreaterThan(3);
      const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'backend_log_clear'));
      expect(audit).toMatchObject({ userAccount: 'bl_clearer' });
      // The clear itself is a write: its own row is the only one left.
      const left = await vi.waitFor(async () => {
        const rows = (await admin.get(OP.list.path)).json().data.list;
        expect(rows.length).toBeGreaterThan(0);
        return rows;
      });
      expect(left.map((r: { url: string }) => r.url)).toContain(CLEAR);
    });

    it('a call is answered as usual when its log row cannot be written', async () => {
      await db().execute(sql`alter table server_op_logs rename to server_op_logs_away`);
      try {
        const res = await admin.post(NOTICE_SAVE, { title: '日志写不进也照常保存', content: '内容' });
        expect(res.json()).toMatchObject({ status: 200, data: { title: '日志写不进也照常保存' } });
        // Let the failed insert settle before the table comes back.
        await new Promise((resolve) => setTimeout(resolve, 100));
      } finally {
        await db().execute(sql`alter table server_op_logs_away rename to server_op_logs`);
      }
    });

    it('the log-cleanup job removes rows past the days kept', async () => {
      await db()
        .insert(serverOpLogs)
        .values([
          {
            module: '旧',
            method: 'POST',
            url: '/old',
            summary: '旧',
            status: 200,
            durationMs: 1,
            createdAt: new Date('2025-01-01'),
          },
          { module: '新', method: 'POST', url: '/new', summary: '新', status: 200, durationMs: 1 },
        ]);
      await cleanupLogs(db(), new Date());
      const urls = (await db().select({ url: serverOpLogs.url }).from(serverOpLogs)).map((r) => r.url);
      expect(urls).toContain('/new');
      expect(urls).not.toContain('/old');
    });
  });

  describeResource(server, serverOpLogResource, {
    valid: () => ({}),
    insert: async (database, n) => {
      await database
        .insert(serverOpLogs)
        .values({ module: `模块${n}号`, method: 'POST', url: '/x', summary: '测试', status: 200, durationMs: 3 });
    },
    invalid: [],
    filterFor: (n) => ({ module: `模块${n}号` }),
  });

  describe('登录日志', () => {
    it('shows sign-ins and refused ones with address, browser and result, and whether the account is locked now', async () => {
      const userId = await addStaff(db(), 'bl_login', '孙登录');
      await server.app.inject({
        method: 'POST',
        url: '/manager/api/login/login',
        ...form({ user_account: 'bl_login', password: encrypt('wrong', server.keys.publicKeyPem) }),
      });
      await tokenFor(server, 'bl_login');
      await db()
        .insert(auditLog)
        .values({
          action: 'login',
          userId,
          userAccount: 'bl_login',
          ip: '10.1.2.3',
          detail: { user_agent: 'Chrome/131' },
        });
      await db()
        .update(users)
        .set({ lockedUntil: new Date(Date.now() + 600_000) })
        .where(eq(users.id, userId));

      const rows = (await admin.get(LOGIN.list.path, { key: 'bl_login' })).json().data.list;
      expect(rows.map((r: { action: string; browser: string | null }) => [r.action, r.browser])).toEqual([
        ['login', 'Chrome/131'],
        // The sign-ins' own rows carry the User-Agent the call came with (inject's own).
        ['login', 'lightMyRequest'],
        ['login_failed', 'lightMyRequest'],
      ]);
      // A mistyped password names only the account typed; the account is found by it.
      expect(rows[2]).toMatchObject({ user_id: userId, user_name: '孙登录', locked: true });
      expect(rows[0].ip).toBe('10.1.2.3');
      const failedOnly = (await admin.get(LOGIN.list.path, { key: 'bl_login', action: 'login_failed' })).json().data;
      expect(failedOnly.total).toBe(1);
      // Other audit actions stay out of the login log.
      expect((await admin.get(LOGIN.list.path, { key: 'bl_clearer' })).json().data.total).toBe(0);
    });
  });
});
