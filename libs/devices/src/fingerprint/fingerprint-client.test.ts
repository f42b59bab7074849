import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSockets } from '../test/fake-socket.js';
import { FingerprintClient, type FingerprintClientOptions } from './fingerprint-client.js';
import { FINGERPRINT_STATUS_TEXT, type FingerprintStatusCode } from './status.js';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(options: FingerprintClientOptions = {}) {
  const fake = fakeSockets();
  const client = new FingerprintClient({ createSocket: fake.createSocket, matchThreshold: 60, ...options });
  const codes: FingerprintStatusCode[] = [];
  client.onStatus((s) => codes.push(s.code));
  return { client, codes, ...fake };
}

/** Starts an operation on an accepted socket; `result` is still pending. */
async function started<T>(env: ReturnType<typeof setup>, run: () => Promise<T>): Promise<{ result: Promise<T> }> {
  const result = run();
  env.last().accept();
  await flush();
  return { result };
}

const PRESSES = ['1', '2', '3', '21'];
const send = (env: ReturnType<typeof setup>, ...workmsgs: string[]) =>
  workmsgs.forEach((workmsg) => env.last().device({ workmsg, retmsg: '' }));

describe('FingerprintClient against a fake device', () => {
  afterEach(() => vi.useRealTimers());

  it('gives every status code of spec §4 a Chinese text', () => {
    const codes = ['01', '02', '03', '04', '1', '2', '21', '3', '51', '50', '61', '60', '8', '9', '151', '150'];
    expect(Object.keys(FINGERPRINT_STATUS_TEXT).sort()).toEqual([...codes].sort());
    for (const text of Object.values(FINGERPRINT_STATUS_TEXT)) expect(text).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('reports 03 when the browser has no WebSocket', async () => {
    const client = new FingerprintClient({ createSocket: null });
    const statuses: string[] = [];
    client.onStatus((s) => statuses.push(`${s.code} ${s.text}`));
    expect(await client.enrol()).toEqual({
      ok: false,
      error: 'unsupported',
      message: '当前浏览器不支持 WebSocket，无法使用指纹仪',
    });
    expect(statuses).toEqual(['03 当前浏览器不支持 WebSocket，无法使用指纹仪']);
  });

  it('opens ws://127.0.0.1:21187/fps and reports 02 when ready', async () => {
    const env = setup();
    const connecting = env.client.connect();
    expect(env.last().url).toBe('ws://127.0.0.1:21187/fps');
    env.last().accept();
    expect(await connecting).toEqual({ ok: true, data: undefined });
    expect(env.codes).toEqual(['02']);
  });

  it('reports 01 when the device service refuses the connection (device absent)', async () => {
    const env = setup();
    const enrolling = env.client.enrol();
    env.last().refuse();
    expect(await enrolling).toEqual({
      ok: false,
      error: 'connect_failed',
      message: '指纹仪连接失败，请确认指纹服务已启动',
    });
    expect(env.codes).toEqual(['01']);
  });

  it('reports 01 when the socket never opens', async () => {
    vi.useFakeTimers();
    const env = setup({ connectTimeoutMs: 5_000 });
    const connecting = env.client.connect();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await connecting).toMatchObject({ ok: false, error: 'connect_failed' });
    expect(env.last().closedByClient).toBe(true);
  });

  it('enrols: press, lift, press again, then 61 with the template', async () => {
    const env = setup();
    const { result: enrolling } = await started(env, () => env.client.enrol());
    expect(env.last().sent).toEqual([{ cmd: 'enrol' }]);
    send(env, ...PRESSES);
    env.last().device({ workmsg: '61', retmsg: '注册成功', data1: 'TEMPLATE', image: 'IMG' });
    expect(await enrolling).toEqual({ ok: true, data: { template: 'TEMPLATE', image: 'IMG' } });
    expect(env.codes).toEqual(['02', '1', '2', '3', '21', '61']);
    expect(env.client.status).toEqual({ code: '61', text: '指纹注册成功', image: 'IMG' });
  });

  it.each([
    ['capture', '50', 'capture_failed', '指纹采集失败，请重试'],
    ['enrol', '60', 'enrol_failed', '指纹注册失败，请重试'],
    ['capture', '8', 'timeout', '操作超时，请重试'],
    ['enrol', '150', 'reconnect_failed', '指纹仪重连失败，请检查设备连接'],
  ] as const)('%s ends on workmsg %s with %s', async (operation, workmsg, error, message) => {
    const env = setup();
    const { result: running } = await started(env, () => env.client[operation]());
    send(env, '1', '2', workmsg);
    expect(await running).toEqual({ ok: false, error, message });
    expect(env.last().closedByClient).toBe(false);
  });

  it('reports 04 when the connection closes mid-flow, and reconnects for the next operation', async () => {
    const env = setup();
    const { result: capturing } = await started(env, () => env.client.capture());
    send(env, '1', '2');
    env.last().drop();
    expect(await capturing).toEqual({ ok: false, error: 'closed', message: '指纹仪连接已关闭，请检查指纹服务后重试' });
    expect(env.codes.at(-1)).toBe('04');
    const again = env.client.capture();
    expect(env.sockets).toHaveLength(2);
    env.last().accept();
    await flush();
    env.last().device({ workmsg: '51', data1: 'T2', image: '' });
    expect(await again).toEqual({ ok: true, data: { template: 'T2', image: '' } });
  });

  it.each(['not json', JSON.stringify({ workmsg: '77' }), JSON.stringify({ retmsg: 'no code' })])(
    'drops the connection on a malformed message %j',
    async (raw) => {
      const env = setup();
      const { result: capturing } = await started(env, () => env.client.capture());
      env.last().device(raw);
      expect(await capturing).toEqual({ ok: false, error: 'malformed', message: '指纹仪返回的数据格式不正确，请重试' });
      expect(env.last().closedByClient).toBe(true);
      expect(env.codes.at(-1)).toBe('04');
    },
  );

  it('treats a success without a template as malformed', async () => {
    const env = setup();
    const { result: enrolling } = await started(env, () => env.client.enrol());
    env.last().device({ workmsg: '61', data1: '' });
    expect(await enrolling).toMatchObject({ ok: false, error: 'malformed' });
  });

  it.each([
    ['60', true],
    ['59.5', false],
    ['92', true],
    ['12', false],
  ])('a match score of %s against threshold 60 is matched=%s', async (score, matched) => {
    const env = setup();
    const { result: matching } = await started(env, () => env.client.match('REG', 'CAP'));
    expect(env.last().sent).toEqual([{ cmd: 'match', data1: 'REG', data2: 'CAP' }]);
    env.last().device({ workmsg: '9', data1: score });
    expect(await matching).toMatchObject({ ok: true, data: { score: Number(score), threshold: 60, matched } });
  });

  it('treats a non-numeric score as malformed', async () => {
    const env = setup();
    const { result: matching } = await started(env, () => env.client.match('REG', 'CAP'));
    env.last().device({ workmsg: '9', data1: 'high' });
    expect(await matching).toMatchObject({ ok: false, error: 'malformed' });
  });

  it('captures then compares with the registered template (order_detail)', async () => {
    const env = setup({ matchThreshold: 80 });
    const { result: verifying } = await started(env, () => env.client.captureAndMatch('REG'));
    send(env, ...PRESSES);
    env.last().device({ workmsg: '51', data1: 'CAP', image: 'IMG' });
    await flush();
    expect(env.last().sent).toEqual([{ cmd: 'capture' }, { cmd: 'match', data1: 'REG', data2: 'CAP' }]);
    env.last().device({ workmsg: '9', data1: '79' });
    expect(await verifying).toMatchObject({
      ok: true,
      data: { capture: { template: 'CAP' }, match: { matched: false, text: '指纹比对失败（相似度 79，低于阈值 80）' } },
    });
  });

  it('refuses a second operation while one is running', async () => {
    const env = setup();
    const { result: first } = await started(env, () => env.client.capture());
    expect(await env.client.enrol()).toEqual({ ok: false, error: 'busy', message: '指纹仪正在工作，请稍候' });
    env.last().device({ workmsg: '51', data1: 'T' });
    expect(await first).toMatchObject({ ok: true });
  });

  it('guards a device that stops answering with status 8 and a fresh connection', async () => {
    vi.useFakeTimers();
    const env = setup({ operationTimeoutMs: 30_000 });
    const capturing = env.client.capture();
    env.last().accept();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await capturing).toMatchObject({ ok: false, error: 'timeout' });
    expect(env.codes.at(-1)).toBe('8');
    expect(env.last().closedByClient).toBe(true);
  });

  it('reconnects with 151, or reports 150 when the device service is gone', async () => {
    const env = setup();
    const connecting = env.client.connect();
    env.last().accept();
    await connecting;
    const reconnecting = env.client.reconnect();
    env.last().accept();
    expect(await reconnecting).toEqual({ ok: true, data: undefined });
    expect(env.sockets[0]!.closedByClient).toBe(true);
    const failing = env.client.reconnect();
    env.last().refuse();
    expect(await failing).toEqual({ ok: false, error: 'reconnect_failed', message: '指纹仪重连失败，请检查设备连接' });
    expect(env.codes).toEqual(['02', '151', '150']);
  });

  it('passes on the device reporting its own reconnection', async () => {
    const env = setup();
    const connecting = env.client.connect();
    env.last().accept();
    await connecting;
    send(env, '151');
    expect(env.client.status).toEqual({ code: '151', text: '指纹仪已重新连接' });
  });

  it('close() while still connecting abandons that socket, and the next operation starts at once', async () => {
    const env = setup();
    const first = env.client.enrol();
    env.client.close();
    const second = env.client.enrol();
    expect(env.sockets).toHaveLength(2);
    env.sockets[0]!.accept();
    expect(await first).toMatchObject({ ok: false, error: 'cancelled' });
    expect(env.sockets[0]!.closedByClient).toBe(true);
    env.last().accept();
    await flush();
    expect(env.sockets[0]!.sent).toEqual([]);
    expect(env.last().sent).toEqual([{ cmd: 'enrol' }]);
    env.last().device({ workmsg: '61', data1: 'T' });
    expect(await second).toMatchObject({ ok: true });
  });

  it('close() ends a running operation as cancelled and closes the socket', async () => {
    const env = setup();
    const { result: capturing } = await started(env, () => env.client.capture());
    env.client.close();
    expect(await capturing).toEqual({ ok: false, error: 'cancelled', message: '已取消指纹操作' });
    expect(env.last().closedByClient).toBe(true);
    env.last().drop();
    expect(env.codes).not.toContain('04');
  });
});
