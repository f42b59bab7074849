import { describe, expect, it } from 'vitest';
import { CACHE_HEADER, SIGNAL_HEADER, failure } from '@checkup/api-contract';
import { CACHED_GETS } from '../../src/policy/cached-gets.js';
import { SAME_ORIGIN, cookieOf, getAs, postForm } from '../support/build.js';
import { cacheMisses, logInAs, useScriptedGateway } from '../support/gateway.js';
import { COUNTED_PATH, SAVE_PARAMETER_PATH, SAVE_PRINT_DEFAULTS_PATH } from '../support/scripted-upstream.js';
import { pause, until } from '../support/waiting.js';

const PARAMETER = '/manager/api/Commonconfig/get_parameter';
const CHECK_STATUS = '/manager/api/commondata/get_check_status';
const REPORT_CONFIG = '/manager/api/report/get_report_config';
const TRANSFER_USERS = '/manager/api/transfer/get_transfer_user_list';
const USER_LIST = '/manager/api/user/user_simple_list';
const NATIONS = '/manager/api/commondata/get_nation_list';
const CLEAR = '/manager/api/bff/cache/clear';
const STATUS = '/manager/api/bff/cache/status';

describe('the GET cache', () => {
  const gw = useScriptedGateway();

  const clear = (sid?: string) =>
    gw.app.inject({ method: 'POST', url: CLEAR, headers: { ...SAME_ORIGIN, ...(sid ? cookieOf(sid) : {}) } });

  it.each([...CACHED_GETS.keys()])('answers %s from the cache the second time', async (path) => {
    const sid = await logInAs(gw.app, 'admin');

    const first = await getAs(gw.app, sid, `${path}?page=1`);
    const second = await getAs(gw.app, sid, `${path}?page=1`);

    expect(first.statusCode).toBe(200);
    expect(first.headers[CACHE_HEADER]).toBe('MISS');
    expect(second.headers[CACHE_HEADER]).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(gw.upstream.calls(path)).toBe(1);
  });

  it('passes a GET outside the whitelist upstream every time, marked BYPASS', async () => {
    const sid = await logInAs(gw.app, 'admin');

    const answers = [await getAs(gw.app, sid, COUNTED_PATH), await getAs(gw.app, sid, COUNTED_PATH)];

    expect(answers.map((r) => r.headers[CACHE_HEADER])).toEqual(['BYPASS', 'BYPASS']);
    expect(answers.map((r) => r.json<{ data: { call: number } }>().data.call)).toEqual([1, 2]);
  });

  it('passes a POST upstream marked BYPASS', async () => {
    const sid = await logInAs(gw.app, 'admin');

    const res = await postForm(gw.app, sid, COUNTED_PATH, 'a=1');

    expect(res.statusCode).toBe(200);
    expect(res.headers[CACHE_HEADER]).toBe('BYPASS');
    expect(gw.upstream.calls(COUNTED_PATH)).toBe(1);
  });

  it('keys an entry on the path and the sorted query', async () => {
    const sid = await logInAs(gw.app, 'admin');

    const unsorted = await getAs(gw.app, sid, `${PARAMETER}?b=2&a=1`);
    const sorted = await getAs(gw.app, sid, `${PARAMETER}?a=1&b=2`);
    const otherValue = await getAs(gw.app, sid, `${PARAMETER}?a=1&b=3`);

    expect([unsorted, sorted, otherValue].map((r) => r.headers[CACHE_HEADER])).toEqual(['MISS', 'HIT', 'MISS']);
    expect(sorted.body).toBe(unsorted.body);
    expect(gw.upstream.calls(PARAMETER)).toBe(2);
  });

  it('keeps the transfer user list per user', async () => {
    const admin = await logInAs(gw.app, 'admin');
    const nurse = await logInAs(gw.app, 'nurse');

    const answers = [];
    for (const sid of [admin, nurse, admin, nurse]) answers.push(await getAs(gw.app, sid, TRANSFER_USERS));

    expect(answers.map((r) => r.headers[CACHE_HEADER])).toEqual(['MISS', 'MISS', 'HIT', 'HIT']);
    expect(answers.map((r) => r.json<{ data: { user: string } }>().data.user)).toEqual([
      'admin',
      'nurse',
      'admin',
      'nurse',
    ]);
    expect(gw.upstream.calls(TRANSFER_USERS)).toBe(2);
  });

  it('shares the user simple list between users', async () => {
    const admin = await logInAs(gw.app, 'admin');
    const nurse = await logInAs(gw.app, 'nurse');

    const first = await getAs(gw.app, admin, USER_LIST);
    const second = await getAs(gw.app, nurse, USER_LIST);

    expect(second.headers[CACHE_HEADER]).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(gw.upstream.calls(USER_LIST)).toBe(1);
  });

  it('makes one upstream call for ten concurrent misses of one key', async () => {
    const sid = await logInAs(gw.app, 'admin');
    const open = gw.upstream.gate('cachedGets');

    const pending = Array.from({ length: 10 }, () => getAs(gw.app, sid, NATIONS));
    await until('all ten have joined the load', async () => (await cacheMisses(gw.app)) === 10);
    open();
    const answers = await Promise.all(pending);

    expect(gw.upstream.calls(NATIONS)).toBe(1);
    expect(answers.every((r) => r.statusCode === 200 && r.headers[CACHE_HEADER] === 'MISS')).toBe(true);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
  });

  it('does not cache a failing envelope', async () => {
    const sid = await logInAs(gw.app, 'admin');

    const answers = [
      await getAs(gw.app, sid, `${REPORT_CONFIG}?fail=1`),
      await getAs(gw.app, sid, `${REPORT_CONFIG}?fail=1`),
    ];

    expect(answers.map((r) => [r.statusCode, r.headers[CACHE_HEADER]])).toEqual([
      [500, 'MISS'],
      [500, 'MISS'],
    ]);
    expect(gw.upstream.calls(REPORT_CONFIG)).toBe(2);
  });

  it('does not cache an answer that carries a signal', async () => {
    const sid = await logInAs(gw.app, 'admin');

    const first = await getAs(gw.app, sid, `${CHECK_STATUS}?maintenance=1`);
    const second = await getAs(gw.app, sid, `${CHECK_STATUS}?maintenance=1`);

    expect(first.headers[SIGNAL_HEADER]).toBe('maintenance');
    expect(second.headers[CACHE_HEADER]).toBe('MISS');
    expect(gw.upstream.calls(CHECK_STATUS)).toBe(2);
  });

  it('forgets an entry after CACHE_TTL_SECONDS', async () => {
    const short = await gw.buildForTest({ CACHE_TTL_SECONDS: '1' });
    const sid = await logInAs(short, 'admin');

    const first = await getAs(short, sid, NATIONS);
    const second = await getAs(short, sid, NATIONS);
    await pause(1_150);
    const third = await getAs(short, sid, NATIONS);

    expect([first, second, third].map((r) => r.headers[CACHE_HEADER])).toEqual(['MISS', 'HIT', 'MISS']);
    expect(gw.upstream.calls(NATIONS)).toBe(2);
  });

  it.each(['admin', 'keeper'] as const)('lets %s clear the cache and answers how many entries went', async (who) => {
    const sid = await logInAs(gw.app, who);
    await getAs(gw.app, sid, NATIONS);
    await getAs(gw.app, sid, PARAMETER);

    const cleared = await clear(sid);
    const after = await getAs(gw.app, sid, NATIONS);

    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ status: 200, data: { cleared: 2 }, msg: '缓存已清除' });
    expect(after.headers[CACHE_HEADER]).toBe('MISS');
    expect(gw.upstream.calls(NATIONS)).toBe(2);
  });

  it('refuses to clear the cache for a user without cfg/cache_mg, and without a session', async () => {
    const nurse = await logInAs(gw.app, 'nurse');
    await getAs(gw.app, nurse, NATIONS);

    const forbidden = await clear(nurse);
    const anonymous = await clear();

    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ status: 403, data: null, msg: '没有权限执行此操作，请联系管理员' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(failure('NOT_LOGGED_IN'));
    expect((await getAs(gw.app, nurse, NATIONS)).headers[CACHE_HEADER]).toBe('HIT');
  });

  it("applies a changed role at the holder's next call, without a new login", async () => {
    const keeper = await logInAs(gw.app, 'keeper');
    expect((await getAs(gw.app, keeper, STATUS)).statusCode).toBe(200);

    gw.upstream.setRoleMenu('keeper', ['cfg/log_front']);

    expect((await getAs(gw.app, keeper, STATUS)).statusCode).toBe(403);
    expect((await clear(keeper)).statusCode).toBe(403);
  });

  it('tells 缓存管理 what each whitelisted call holds, and the hits and misses so far', async () => {
    const [admin, nurse] = [await logInAs(gw.app, 'admin'), await logInAs(gw.app, 'nurse')];
    await getAs(gw.app, admin, TRANSFER_USERS);
    await getAs(gw.app, nurse, TRANSFER_USERS);
    await getAs(gw.app, admin, `${PARAMETER}?param_code=0110`);
    await getAs(gw.app, admin, `${PARAMETER}?param_code=0120`);
    await getAs(gw.app, nurse, `${PARAMETER}?param_code=0110`);

    const status = await getAs(gw.app, admin, STATUS);

    expect(status.statusCode).toBe(200);
    const data = status.json().data;
    expect(data).toMatchObject({ store: 'memory', ttl_seconds: expect.any(Number), hits: 1, misses: 4 });
    expect(data.entries).toHaveLength(CACHED_GETS.size);
    expect(data.entries.find((e: { path: string }) => e.path === TRANSFER_USERS)).toEqual({
      path: TRANSFER_USERS,
      title: '转诊人员列表',
      personal: true,
      count: 2,
    });
    expect(data.entries.find((e: { path: string }) => e.path === PARAMETER)).toMatchObject({ count: 2 });
    expect(data.entries.find((e: { path: string }) => e.path === NATIONS)).toMatchObject({ count: 0 });

    await clear(admin);
    const after = (await getAs(gw.app, admin, STATUS)).json().data;
    expect(after.entries.map((e: { count: number }) => e.count)).toEqual([...CACHED_GETS.keys()].map(() => 0));
  });

  it('shows the cache status only to whom 缓存管理 is opened', async () => {
    const [keeper, nurse] = [await logInAs(gw.app, 'keeper'), await logInAs(gw.app, 'nurse')];

    expect((await getAs(gw.app, keeper, STATUS)).statusCode).toBe(200);
    const forbidden = await getAs(gw.app, nurse, STATUS);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual(failure('FORBIDDEN'));
    expect((await getAs(gw.app, undefined, STATUS)).statusCode).toBe(401);
    expect(gw.upstream.calls(STATUS)).toBe(0);
  });

  it('drops the cached parameters when 参数设置 saves one, and keeps them when the save is refused', async () => {
    const sid = await logInAs(gw.app, 'admin');
    const read = () => getAs(gw.app, sid, `${PARAMETER}?param_code=0810`);
    await read();
    expect((await read()).headers[CACHE_HEADER]).toBe('HIT');

    const refused = await postForm(gw.app, sid, SAVE_PARAMETER_PATH, 'param_code=0810&fail=1');
    expect(refused.json().msg).toBe('请填写单位名称');
    expect((await read()).headers[CACHE_HEADER]).toBe('HIT');

    const saved = await postForm(gw.app, sid, SAVE_PARAMETER_PATH, 'param_code=0810&param_value=%7B%7D');
    expect(saved.statusCode).toBe(200);
    const after = await read();
    expect(after.headers[CACHE_HEADER]).toBe('MISS');
    expect(gw.upstream.calls(PARAMETER)).toBe(2);
    // Only the parameters went: other cached answers stay.
    await getAs(gw.app, sid, NATIONS);
    await postForm(gw.app, sid, SAVE_PARAMETER_PATH, 'param_code=0110&param_value=%7B%7D');
    expect((await getAs(gw.app, sid, NATIONS)).headers[CACHE_HEADER]).toBe('HIT');
  });

  it('drops the cached parameters when 打印配置 saves its defaults (parameter 0120)', async () => {
    const sid = await logInAs(gw.app, 'admin');
    const read = () => getAs(gw.app, sid, `${PARAMETER}?param_code=0120`);
    await read();
    expect((await read()).headers[CACHE_HEADER]).toBe('HIT');
    await postForm(gw.app, sid, SAVE_PRINT_DEFAULTS_PATH, 'settings=%7B%7D');
    expect((await read()).headers[CACHE_HEADER]).toBe('MISS');
  });

  it('answers a whitelisted GET without a session with 401 and caches nothing', async () => {
    const anonymous = await getAs(gw.app, undefined, NATIONS);
    const sid = await logInAs(gw.app, 'admin');
    const loggedIn = await getAs(gw.app, sid, NATIONS);

    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(failure('NOT_LOGGED_IN'));
    expect(loggedIn.headers[CACHE_HEADER]).toBe('MISS');
    expect(gw.upstream.calls(NATIONS)).toBe(1);
  });
});
