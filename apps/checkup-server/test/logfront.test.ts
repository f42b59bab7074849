import { desc } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { frontLogs } from '../src/db/schema.js';
import { encrypt, form, useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';

const ADD_LOG = '/manager/api/logfront/add_log';

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
});
