import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFingerprintSim, type FingerprintSim } from './fingerprint-sim.js';

type DeviceMessage = { workmsg: string; retmsg: string; data1: string; image: string };

/** Opens /fps and collects the device's messages. */
async function open(sim: FingerprintSim) {
  const ws = new WebSocket(sim.url);
  const messages: (DeviceMessage | string)[] = [];
  ws.on('message', (raw) => {
    const text = String(raw);
    try {
      messages.push(JSON.parse(text) as DeviceMessage);
    } catch {
      messages.push(text);
    }
  });
  const closed = new Promise<void>((resolve) => ws.on('close', () => resolve()));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const until = async (count: number) => {
    while (messages.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
    return messages;
  };
  return { ws, messages, until, closed, send: (command: object) => ws.send(JSON.stringify(command)) };
}
const codes = (messages: (DeviceMessage | string)[]) => messages.map((m) => (typeof m === 'string' ? m : m.workmsg));

describe('fingerprint simulator', () => {
  let sim: FingerprintSim;
  beforeAll(async () => {
    sim = await startFingerprintSim({ port: 0, stepDelayMs: 1 });
  });
  afterAll(() => sim.close());

  it('enrols with press, lift, press again, then 61 with a template and image', async () => {
    const device = await open(sim);
    device.send({ cmd: 'enrol' });
    const messages = await device.until(5);
    expect(codes(messages)).toEqual(['1', '2', '3', '21', '61']);
    expect(messages[1]).toEqual({ workmsg: '2', retmsg: '请按手指', data1: '', image: '' });
    expect(messages[4]).toMatchObject({ retmsg: '注册成功', data1: expect.stringMatching(/^SIMFP1:/) });
    expect((messages[4] as DeviceMessage).image).not.toBe('');
    device.ws.close();
  });

  it('scores two captures of the same finger 88 and of different fingers 12', async () => {
    const device = await open(sim);
    const capture = async (finger: string, count: number) => {
      sim.queueFinger({ finger });
      device.send({ cmd: 'capture' });
      return ((await device.until(count))[count - 1] as DeviceMessage).data1;
    };
    const [a1, a2, b] = [await capture('a', 5), await capture('a', 10), await capture('b', 15)];
    expect(codes(device.messages).slice(0, 5)).toEqual(['1', '2', '3', '21', '51']);
    expect(a1).not.toBe(a2);
    device.send({ cmd: 'match', data1: a1, data2: a2 });
    device.send({ cmd: 'match', data1: a1, data2: b });
    device.send({ cmd: 'match', data1: a1, data2: 'junk' });
    const scores = (await device.until(18)).slice(15) as DeviceMessage[];
    expect(scores.map((m) => [m.workmsg, m.data1])).toEqual([
      ['9', '88'],
      ['9', '12'],
      ['9', '0'],
    ]);
    device.ws.close();
  });

  it.each([
    ['fail', ['1', '2', '3', '21', '50']],
    ['timeout', ['1', '2', '8']],
    ['malformed', ['1', '<设备内部错误>']],
  ] as const)('plays a %s outcome', async (outcome, expected) => {
    const device = await open(sim);
    sim.queueFinger({ outcome });
    device.send({ cmd: 'capture' });
    expect(codes(await device.until(expected.length))).toEqual(expected);
    device.ws.close();
  });

  it('drops the socket mid-flow on a disconnect outcome', async () => {
    const device = await open(sim);
    const control = await fetch(`http://127.0.0.1:${sim.port}/sim/fingers`, {
      method: 'POST',
      body: JSON.stringify({ outcome: 'disconnect' }),
    });
    expect(await control.json()).toEqual({ queued: 1 });
    device.send({ cmd: 'enrol' });
    await device.closed;
    expect(codes(device.messages)).toEqual(['1', '2']);
  });

  it('refuses connections while absent, and tells connected clients about a replug', async () => {
    const device = await open(sim);
    sim.replug(true);
    sim.replug(false);
    expect(codes(await device.until(2))).toEqual(['151', '150']);
    sim.setAbsent(true);
    await device.closed;
    await expect(open(sim)).rejects.toThrow(/503/);
    sim.setAbsent(false);
    (await open(sim)).ws.close();
  });

  it('refuses an unknown outcome on the control API', async () => {
    const response = await fetch(`http://127.0.0.1:${sim.port}/sim/fingers`, {
      method: 'POST',
      body: JSON.stringify({ outcome: 'explode' }),
    });
    expect(response.status).toBe(400);
  });
});
