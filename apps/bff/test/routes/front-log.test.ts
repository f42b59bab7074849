import { beforeEach, describe, expect, it } from 'vitest';
import { cookieOf, logIn, sendForm, useGateway } from '../support/build.js';

const ADD_LOG = '/manager/api/logfront/add_log';
const RECORDED = { status: 200, data: null, msg: '已记录' };

describe('front-end log collection', () => {
  const gw = useGateway({ FRONT_LOG_RATE_LIMIT_PER_MINUTE: '3' });

  beforeEach(() => {
    gw.upstream.frontLogs.length = 0;
  });

  const addLog = (fields: Record<string, string>, headers: Record<string, string> = {}, remoteAddress?: string) =>
    sendForm(gw.app, ADD_LOG, new URLSearchParams(fields).toString(), { headers, remoteAddress });

  it('forwards a sanitised entry with an empty operator_id and the session token', async () => {
    const sid = await logIn(gw.app);
    const content = '保存失败\r\n[INFO] forged line 110101199003071234 13812345678 {"cust_name":"张三丰"}';

    const res = await addLog({ log_type: 'error', log_source: 'order\nlist', log_content: content }, cookieOf(sid));

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(RECORDED);
    expect(gw.upstream.frontLogs).toHaveLength(1);
    const [{ token, body }] = gw.upstream.frontLogs as [{ token: string | undefined; body: Record<string, string> }];
    expect(token).toBe([...gw.upstream.tokens].at(-1));
    expect(body).toEqual({
      log_type: 'error',
      log_source: 'order\\u000alist',
      log_content: '保存失败\\u000d\\u000a[INFO] forged line 110101********1234 138****5678 {"cust_name":"张*丰"}',
      operator_id: '',
    });
  });

  it('refuses a body over 16 KB with 413', async () => {
    const res = await addLog({ log_type: 'info', log_source: 'web', log_content: 'x'.repeat(17 * 1024) });

    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 413, data: null, msg: '提交的内容过大' });
  });

  it('refuses a log_type other than error, warn or info with a Chinese message', async () => {
    const res = await addLog({ log_type: 'debug', log_source: 'web', log_content: 'x' }, {}, '10.1.0.2');

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, data: null, msg: '日志类型只能是 error、warn 或 info' });
  });

  it('limits one session to the configured rate, not another session from the same address', async () => {
    const address = '10.1.0.3';
    const [first, second] = [await logIn(gw.app), await logIn(gw.app)];
    const entry = { log_type: 'warn', log_source: 'web', log_content: 'slow page' };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await addLog(entry, cookieOf(first), address)).statusCode);

    const other = await addLog(entry, cookieOf(second), address);

    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(other.statusCode).toBe(200);
    expect(gw.upstream.frontLogs).toHaveLength(4);
  });

  it('accepts an entry without a session but does not forward it', async () => {
    const res = await addLog({ log_type: 'info', log_source: 'login', log_content: 'page opened' }, {}, '10.1.0.4');

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(RECORDED);
    expect(gw.upstream.frontLogs).toHaveLength(0);
  });
});
