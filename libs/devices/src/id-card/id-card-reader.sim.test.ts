import { DEFAULT_CARD_READER_PARAM } from '@checkup/api-contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { control, startSimProcess } from '../test/sim-process.js';
import { IdCardReader, type IdCardReaderOptions } from './id-card-reader.js';

describe('IdCardReader against tools/device-sim', () => {
  let sim: Awaited<ReturnType<typeof startSimProcess>>;
  let port: number;

  beforeAll(async () => {
    sim = await startSimProcess();
    port = sim.ports.idCard;
  }, 30_000);
  afterAll(() => sim?.stop());
  beforeEach(async () => {
    await control(port, '/sim/mode', { mode: 'normal' });
    await fetch(`http://127.0.0.1:${port}/sim/cards`, { method: 'DELETE' });
  });

  const reader = (options: Partial<IdCardReaderOptions> = {}) => {
    const cfg = DEFAULT_CARD_READER_PARAM.cardReaderCfg;
    const param = { cardReaderCfg: { ...cfg, exe: { checked: true, value: `http://127.0.0.1:${port}/` } } };
    return new IdCardReader({ loadParameter: async () => param, storage: null, pollIntervalMs: 50, ...options });
  };

  it('reads a card placed while it polls', async () => {
    const r = reader();
    const reading = r.read();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await control(port, '/sim/cards', { name: '李四', sex: '女' });
    const result = await reading;
    expect(result).toMatchObject({ ok: true, data: { cust_name: '李四', gender: '2', cust_birthday: '1990-01-01' } });
    expect(r.state).toBe('closed');
  });

  it('clears the last card first, so the previous person is not read again', async () => {
    await control(port, '/sim/cards', { name: '王五' });
    expect(await reader().read()).toMatchObject({ ok: true, data: { cust_name: '王五' } });
    const stale = await (await fetch(`http://127.0.0.1:${port}/idcard/get_info/?t=1`)).json();
    expect(stale).toMatchObject({ code: 0, data: { name: '王五' } });
    expect(await reader({ limitMs: 300 }).read()).toMatchObject({ ok: false, error: 'timeout' });
  });

  it('times out when no card is placed', async () => {
    expect(await reader({ limitMs: 400 }).read()).toMatchObject({ ok: false, error: 'timeout' });
  });

  it('reports retcode 0x1 with the device message', async () => {
    await control(port, '/sim/mode', { mode: 'retcode1' });
    expect(await reader().read()).toEqual({
      ok: false,
      error: 'device_error',
      message: '读卡错误，请检查读卡器连接：读卡器未连接或端口打开失败',
    });
  });

  it('reports an absent reader helper', async () => {
    await control(port, '/sim/mode', { mode: 'absent' });
    expect(await reader().read()).toMatchObject({ ok: false, error: 'unreachable' });
  });

  it('reports a helper that stops answering', async () => {
    await control(port, '/sim/mode', { mode: 'timeout' });
    expect(await reader({ requestTimeoutMs: 300 }).read()).toMatchObject({ ok: false, error: 'no_response' });
  });

  it('reports a malformed answer', async () => {
    await control(port, '/sim/mode', { mode: 'malformed' });
    expect(await reader().read()).toMatchObject({ ok: false, error: 'malformed' });
  });

  it('ends cleanly when the helper goes away mid-flow', async () => {
    const r = reader();
    const reading = r.read();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await control(port, '/sim/mode', { mode: 'absent' });
    expect(await reading).toMatchObject({ ok: false, error: 'unreachable' });
    expect(r.state).toBe('closed');
  });
});
