import { DEFAULT_CARD_READER_PARAM, ID_NUMBER_ERROR, idNumberCheckChar } from '@checkup/api-contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, HANG, json, memoryStorage, REFUSED, text, type FakeReply } from '../test/fake-fetch.js';
import { PARAMETER_0110_STORAGE_KEY } from './card-reader-param.js';
import { IdCardReader, type IdCardReaderOptions, type IdCardReaderState } from './id-card-reader.js';

const first17 = '11010519900101123';
const ID = first17 + idNumberCheckChar(first17);
const CARD = { name: '张三', sex: '男', id_num: ID, photo: 'UEhPVE8=', nation: '汉', address: '北京市朝阳区建国路1号' };
const WAITING = json({ code: 1, status: false, retcode: '0x2', retmsg: '请放置身份证', data: null });
const CLEARED = json({ code: 0, status: true, retcode: '0x0', retmsg: '清除成功' });
const READ = json({ code: 0, status: true, retcode: '0x0', retmsg: '读卡成功', data: CARD });

/** A reader whose get_info answers come from `poll` (by call number, 1-based); clear_info from `clear`. */
function setup(poll: (n: number) => FakeReply, options: Partial<IdCardReaderOptions> & { clear?: FakeReply } = {}) {
  let polls = 0;
  const http = fakeFetch((url) =>
    url.pathname.endsWith('/clear_info') ? (options.clear ?? CLEARED) : poll((polls += 1)),
  );
  const storage = memoryStorage();
  const reader = new IdCardReader({
    loadParameter: async () => ({ param_code: '0110', param_value: JSON.stringify(DEFAULT_CARD_READER_PARAM) }),
    fetch: http.fetch,
    storage,
    now: () => new Date('2026-11-21T09:00:00'),
    ...options,
  });
  const states: IdCardReaderState[] = [];
  reader.onStateChange((s) => states.push(s));
  return { reader, http, storage, states, polls: () => polls };
}

describe('IdCardReader against a fake helper', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('clears stale info, polls every 500 ms until a card arrives, maps it and closes', async () => {
    const { reader, http, states, storage } = setup((n) => (n < 3 ? WAITING : READ));
    const heard = vi.fn();
    reader.onRead(heard);
    const reading = reader.read();
    await vi.advanceTimersByTimeAsync(0);
    expect(http.paths()).toEqual(['/idcard/clear_info', '/idcard/get_info/']);
    await vi.advanceTimersByTimeAsync(499);
    expect(http.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(http.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(500);
    const result = await reading;
    expect(result).toEqual({
      ok: true,
      data: {
        cust_name: '张三',
        gender: '1',
        cust_birthday: '1990-01-01',
        age: 36,
        cust_id_card: ID,
        base_img: 'UEhPVE8=',
        folk: '汉',
        address: '北京市朝阳区建国路1号',
      },
    });
    expect(http.calls[0]).toBe('http://127.0.0.1:8989/idcard/clear_info');
    expect(http.calls[1]).toMatch(/^http:\/\/127\.0\.0\.1:8989\/idcard\/get_info\/\?t=\d+$/);
    expect(states).toEqual(['initialising', 'initialised', 'open', 'closed']);
    expect(heard).toHaveBeenCalledWith(result.ok && result.data);
    expect(JSON.parse(storage.items.get(PARAMETER_0110_STORAGE_KEY)!)).toEqual(DEFAULT_CARD_READER_PARAM);
  });

  it('gives up after the 120 s limit with a Chinese message and stops polling', async () => {
    const { reader, polls } = setup(() => WAITING);
    const reading = reader.read();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(await reading).toEqual({
      ok: false,
      error: 'timeout',
      message: '读卡超时，未检测到身份证，请将身份证放在读卡器上后重新读取',
    });
    expect(reader.state).toBe('closed');
    const after = polls();
    expect(after).toBeGreaterThanOrEqual(240);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(polls()).toBe(after);
  });

  it('honours a configured limit', async () => {
    const { reader } = setup(() => WAITING, { limitMs: 2_000 });
    const reading = reader.read();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await reading).toMatchObject({ ok: false, error: 'timeout' });
  });

  it('reports retcode 0x1 as a reader connection problem with the device message', async () => {
    const { reader, states } = setup(() => json({ code: 1, status: false, retcode: '0x1', retmsg: '端口打开失败' }));
    const result = await reader.read();
    expect(result).toEqual({ ok: false, error: 'device_error', message: '读卡错误，请检查读卡器连接：端口打开失败' });
    expect(states.at(-1)).toBe('closed');
  });

  it('stops at clear_info when the reader reports retcode 0x1 there', async () => {
    const { reader, polls } = setup(() => READ, { clear: json({ code: 1, retcode: 1, retmsg: '' }) });
    expect(await reader.read()).toEqual({ ok: false, error: 'device_error', message: '读卡错误，请检查读卡器连接' });
    expect(polls()).toBe(0);
  });

  it('says to open the card-read assistant when nothing listens (device absent)', async () => {
    const { reader } = setup(() => READ, { clear: REFUSED });
    expect(await reader.read()).toEqual({
      ok: false,
      error: 'unreachable',
      message: '无法连接身份证读卡服务，请先打开读卡助手或读卡服务',
    });
    expect(reader.state).toBe('closed');
  });

  it('ends cleanly when the helper goes away in the middle of polling', async () => {
    const { reader } = setup((n) => (n < 4 ? WAITING : REFUSED));
    const reading = reader.read();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await reading).toMatchObject({ ok: false, error: 'unreachable' });
    expect(reader.state).toBe('closed');
  });

  it('rejects an answer that is not JSON, or a card without its fields', async () => {
    const malformed = { ok: false, error: 'malformed', message: '读卡服务返回的数据格式不正确，请检查读卡助手版本' };
    expect(await setup(() => text('<html>500</html>')).reader.read()).toEqual(malformed);
    expect(await setup(() => json({ code: 0, data: { name: '张三' } })).reader.read()).toEqual(malformed);
    expect(await setup(() => json(['not', 'an', 'object'])).reader.read()).toEqual(malformed);
  });

  it('reports an HTTP failure of the helper with its status', async () => {
    const result = await setup(() => text('boom', 500)).reader.read();
    expect(result).toEqual({ ok: false, error: 'service_error', message: '身份证读卡服务异常，状态码：500' });
  });

  it('treats a helper that accepts but never answers as not responding', async () => {
    const { reader } = setup(() => HANG, { requestTimeoutMs: 3_000 });
    const reading = reader.read();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await reading).toEqual({
      ok: false,
      error: 'no_response',
      message: '身份证读卡服务无响应，请重启读卡助手后重试',
    });
  });

  it('refuses a card whose ID number fails its check', async () => {
    const { reader } = setup(() => json({ code: 0, data: { ...CARD, id_num: '110105199001011230' } }));
    expect(await reader.read()).toEqual({ ok: false, error: 'bad_id_number', message: ID_NUMBER_ERROR });
  });

  it('can be cancelled while polling', async () => {
    const { reader } = setup(() => WAITING);
    const reading = reader.read();
    await vi.advanceTimersByTimeAsync(1_200);
    reader.cancel();
    expect(await reading).toEqual({ ok: false, error: 'cancelled', message: '已取消读取身份证' });
    expect(reader.state).toBe('closed');
  });

  it('shares one read between two callers', async () => {
    const { reader, http } = setup(() => READ);
    const [a, b] = await Promise.all([reader.read(), reader.read()]);
    expect(a).toBe(b);
    expect(http.paths().filter((p) => p.endsWith('clear_info'))).toHaveLength(1);
  });

  it('reads again after closing, starting from the parameter', async () => {
    const { reader, states } = setup(() => READ);
    await reader.read();
    await reader.read();
    expect(states).toEqual([
      'initialising',
      'initialised',
      'open',
      'closed',
      'initialising',
      'initialised',
      'open',
      'closed',
    ]);
  });
});

describe('IdCardReader and parameter 0110', () => {
  const MISSING = '请到 系统设置 > 参数设置 中设置身份证读取方式，否则无法读取身份证';

  it.each([null, '', { param_code: '0110', param_value: '' }, { cardReaderCfg: {} }])(
    'warns to set the read method when the parameter is %j, without calling the reader',
    async (value) => {
      const storage = memoryStorage({ [PARAMETER_0110_STORAGE_KEY]: JSON.stringify(DEFAULT_CARD_READER_PARAM) });
      const { reader, http, states } = setup(() => READ, { loadParameter: async () => value, storage });
      expect(await reader.read()).toEqual({ ok: false, error: 'param_missing', message: MISSING });
      expect(http.calls).toEqual([]);
      expect(states).toEqual(['initialising', 'closed']);
      expect(storage.items.has(PARAMETER_0110_STORAGE_KEY)).toBe(false);
    },
  );

  it('falls back to the cached parameter_0110 when the server cannot be reached', async () => {
    const cached = {
      cardReaderCfg: { ...DEFAULT_CARD_READER_PARAM.cardReaderCfg, exe: { checked: false, value: '' } },
    };
    cached.cardReaderCfg.local = { checked: true, value: 'http://127.0.0.1:9999' };
    const storage = memoryStorage({ [PARAMETER_0110_STORAGE_KEY]: JSON.stringify(cached) });
    const { reader, http } = setup(() => READ, { loadParameter: () => Promise.reject(new Error('offline')), storage });
    expect(await reader.read()).toMatchObject({ ok: true });
    expect(http.calls[0]).toBe('http://127.0.0.1:9999/idcard/clear_info');
  });

  it('says the parameter could not be read when the server is down and nothing is cached', async () => {
    const { reader } = setup(() => READ, { loadParameter: () => Promise.reject(new Error('offline')) });
    expect(await reader.read()).toEqual({
      ok: false,
      error: 'param_network',
      message: '读取身份证参数设置时网络异常，请稍后重试',
    });
    expect(reader.state).toBe('closed');
  });

  it('reads the fields through the configured key mapping', async () => {
    const keys = { name: 'xm', gender: 'xb', code: 'sfzh', photo: 'zp', folk: 'mz', address: 'zz' };
    const param = { cardReaderCfg: { ...DEFAULT_CARD_READER_PARAM.cardReaderCfg, keys } };
    const data = { xm: '李四', xb: '女', sfzh: ID, zp: 'P', mz: '回', zz: '上海' };
    const { reader } = setup(() => json({ status: true, data }), { loadParameter: async () => param });
    expect(await reader.read()).toMatchObject({
      ok: true,
      data: { cust_name: '李四', gender: '2', folk: '回', address: '上海', base_img: 'P' },
    });
  });
});
