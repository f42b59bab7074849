import { desc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { frontLogs } from '../src/db/schema.js';
import { cstTime, todayCst } from '../src/db/demo/dates.js';
import { encrypt, form, useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addStaff, callerFor, tokenFor } from './support/domain.js';
import { sheetRows } from './support/resource-suite.js';

const ADD_LOG = '/manager/api/logfront/add_log';
const LIST = '/manager/api/logfront/list';

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  let token: string;
  let adminId: number;
  beforeAll(async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/manager/api/login/login',
      ...form({ user_account: 'admin', password: encrypt('Checkup@2026', server.keys.publicKeyPem) }),
    });
    token = login.json().data.token;
    adminId = login.json().data.user.id;
  });

  const entry = (change: Record<string, string> = {}) => ({
    log_type: 'error',
    operator_id: '',
    log_source: '体检系统',
    log_content: JSON.stringify({ message: 'Cannot read properties of undefined', url: '/#/examreview' }),
    ...change,
  });
  const addLog = (fields: Record<string, string>, withToken = true) => {
    const { headers, payload } = form(fields);
    return server.app.inject({
      method: 'POST',
      url: ADD_LOG,
      payload,
      headers: withToken ? { ...headers, 'x-checkup-token': token } : headers,
    });
  };
  const logCount = () => server.database.db.$count(frontLogs);
  const latest = async () =>
    (await server.database.db.select().from(frontLogs).orderBy(desc(frontLogs.id)).limit(1))[0];

  it('stores a front-end error under the logged-in user, an empty operator_id as null', async () => {
    const res = await addLog(entry());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, data: null, msg: '操作成功' });
    expect(await latest()).toMatchObject({
      logType: 'error',
      operatorId: null,
      logSource: '体检系统',
      logContent: entry().log_content,
      userId: adminId,
      ip: '127.0.0.1',
    });
  });

  it.each(['warn', 'info'])('accepts the log type %s', async (logType) => {
    expect((await addLog(entry({ log_type: logType }))).statusCode).toBe(200);
    expect((await latest())?.logType).toBe(logType);
  });

  it('refuses a caller without a session and writes nothing', async () => {
    const before = await logCount();
    const res = await addLog(entry(), false);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 401, data: null, msg: '登录信息已过期，请重新登录' });
    expect(await logCount()).toBe(before);
  });

  it('accepts log content of exactly 16 KB counted in UTF-8 bytes', async () => {
    const content = '检'.repeat(5461) + 'x'.repeat(16 * 1024 - 5461 * 3);
    expect((await addLog(entry({ log_content: content }))).statusCode).toBe(200);
    expect((await latest())?.logContent).toBe(content);
  });

  it.each([
    ['an unknown log type', { log_type: 'fatal' }, '日志类型只能是 error、warn 或 info'],
    ['no log type', { log_type: undefined }, '日志类型只能是 error、warn 或 info'],
    ['empty content', { log_content: '' }, '请填写日志内容'],
    ['content over 16 KB in UTF-8', { log_content: '检'.repeat(5462) }, '日志内容不能超过16KB'],
    ['no source', { log_source: '  ' }, '请填写日志来源'],
    ['a source over 128 characters', { log_source: 's'.repeat(129) }, '日志来源过长'],
    ['an operator over 64 characters', { operator_id: 'o'.repeat(65) }, '操作人过长'],
  ])('refuses %s with a Chinese message and writes nothing', async (_case, change, msg) => {
    const before = await logCount();
    const fields = Object.fromEntries(
      Object.entries({ ...entry(), ...change }).filter((pair): pair is [string, string] => pair[1] !== undefined),
    );
    const res = await addLog(fields);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, data: null, msg });
    expect(await logCount()).toBe(before);
  });

  describe('the list of 前端日志 (cfg/log_front)', () => {
    const ids = { oldError: 0, todayWarn: 0, otherSource: 0 };
    let admin: ReturnType<typeof callerFor>;
    let clerk: ReturnType<typeof callerFor>;
    const today = todayCst();
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

    beforeAll(async () => {
      const clerkId = await addStaff(server.database.db, 'fl_clerk', '周登记', '0', { menu: ['exam_mg/order_mg'] });
      admin = callerFor(server, token);
      clerk = callerFor(server, await tokenFor(server, 'fl_clerk'));
      const insert = async (values: Partial<typeof frontLogs.$inferInsert>) =>
        (
          await server.database.db
            .insert(frontLogs)
            .values({ logType: 'error', logSource: '体检系统', logContent: '{}', ...values })
            .returning({ id: frontLogs.id })
        )[0]!.id;
      ids.oldError = await insert({
        logContent: JSON.stringify({ message: 'fl-marker 100%_done failed' }),
        userId: clerkId,
        createdAt: cstTime(yesterday, 23 * 60 + 30),
      });
      ids.todayWarn = await insert({
        logType: 'warn',
        logContent: JSON.stringify({ message: 'fl-marker please do not repeat the request' }),
        userId: adminId,
        ip: '10.1.2.3',
        createdAt: cstTime(today, 30),
      });
      ids.otherSource = await insert({
        logSource: 'fl-自助终端',
        logContent: 'fl-marker kiosk',
        createdAt: cstTime(today, 45),
      });
    });

    const listed = async (query: Record<string, string | number>) => {
      const res = await admin.get(LIST, { key: 'fl-marker', ...query });
      expect(res.statusCode).toBe(200);
      return res.json().data as { list: { id: number }[]; total: number };
    };

    it('lists the newest first, with the account and name of who reported it', async () => {
      const res = await admin.get(LIST, { key: 'fl-marker' });
      expect(res.json().data).toMatchObject({ total: 3, page: 1, size: 20 });
      expect(res.json().data.list.map((r: { id: number }) => r.id)).toEqual([
        ids.otherSource,
        ids.todayWarn,
        ids.oldError,
      ]);
      expect(res.json().data.list[1]).toEqual({
        id: ids.todayWarn,
        log_type: 'warn',
        log_source: '体检系统',
        log_content: JSON.stringify({ message: 'fl-marker please do not repeat the request' }),
        user_account: 'admin',
        user_name: expect.any(String),
        ip: '10.1.2.3',
        created_at: cstTime(today, 30).toISOString(),
      });
      expect(res.json().data.list[0]).toMatchObject({ user_account: null, user_name: null, ip: null });
    });

    it("filters by type, by the centre's days, by source, and by the reporter", async () => {
      expect((await listed({ log_type: 'error' })).list.map((r) => r.id)).toEqual([ids.otherSource, ids.oldError]);
      // 23:30 yesterday in China is 15:30 UTC: still yesterday's.
      expect((await listed({ date_from: yesterday, date_to: yesterday })).list.map((r) => r.id)).toEqual([
        ids.oldError,
      ]);
      expect((await listed({ date_from: today })).total).toBe(2);
      expect((await listed({ log_source: '自助' })).list.map((r) => r.id)).toEqual([ids.otherSource]);
      const byReporter = await admin.get(LIST, { key: '周登记' });
      expect(byReporter.json().data.list.map((r: { id: number }) => r.id)).toEqual([ids.oldError]);
    });

    it('matches what is typed literally, % and _ included, and pages', async () => {
      const literal = await admin.get(LIST, { key: '100%_done' });
      expect(literal.json().data.list.map((r: { id: number }) => r.id)).toEqual([ids.oldError]);
      expect((await admin.get(LIST, { key: 'fl-marker 1%' })).json().data.total).toBe(0);
      const second = await listed({ page: 2, size: 2 });
      expect(second).toMatchObject({ total: 3, list: [{ id: ids.oldError }] });
    });

    it('exports what the filter finds to .xlsx, the type in words', async () => {
      const res = await admin.get('/manager/api/logfront/export', { key: 'fl-marker', log_type: 'warn' });
      expect(res.statusCode).toBe(200);
      const rows = await sheetRows(res.rawPayload);
      expect(rows[0]).toEqual(['时间', '类型', '来源', '账号', '姓名', 'IP地址', '内容']);
      expect(rows.slice(1).map((r) => [r[1], r[2], r[3]])).toEqual([['警告', '体检系统', 'admin']]);
    });

    it('refuses a user the screen is not opened to', async () => {
      expect((await clerk.get('/manager/api/logfront/export')).statusCode).toBe(403);
      const res = await clerk.get(LIST);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 403, data: null, msg: '没有权限执行此操作，请联系管理员' });
    });

    it.each([
      [{ log_type: 'fatal' }, '日志类型只能是 error、warn 或 info'],
      [{ date_from: today, date_to: yesterday }, '开始日期不能晚于结束日期'],
      [{ date_from: '2026-13-01' }, '日期不存在'],
      [{ size: 500 }, '每页最多200条'],
    ])('refuses bad filters with a Chinese message: %o', async (query, msg) => {
      const res = await admin.get(LIST, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    });
  });
});
