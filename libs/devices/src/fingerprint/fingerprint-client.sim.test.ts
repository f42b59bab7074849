import { WebSocket as NodeWebSocket } from 'ws';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { control, startSimProcess } from '../test/sim-process.js';
import type { WebSocketFactory, WebSocketLike } from '../transport/web-socket.js';
import { FingerprintClient, type FingerprintClientOptions } from './fingerprint-client.js';
import type { FingerprintStatusCode } from './status.js';

// Node 20 has no WebSocket global; `ws` has the browser's on* interface, not its DOM types.
const nodeSockets: WebSocketFactory = (url) => new NodeWebSocket(url) as unknown as WebSocketLike;

describe('FingerprintClient against tools/device-sim', () => {
  let sim: Awaited<ReturnType<typeof startSimProcess>>;
  let port: number;
  let clients: FingerprintClient[] = [];

  beforeAll(async () => {
    sim = await startSimProcess();
    port = sim.ports.fingerprint;
  }, 30_000);
  afterAll(() => sim?.stop());
  beforeEach(() => control(port, '/sim/mode', { mode: 'normal' }));
  afterEach(() => {
    for (const client of clients) client.close();
    clients = [];
  });

  const connect = (options: FingerprintClientOptions = {}) => {
    const client = new FingerprintClient({ createSocket: nodeSockets, url: `ws://127.0.0.1:${port}/fps`, ...options });
    const codes: FingerprintStatusCode[] = [];
    client.onStatus((s) => codes.push(s.code));
    clients.push(client);
    return { client, codes };
  };

  it('enrols a finger, then captures it again and matches it (order_detail after dept_detail)', async () => {
    const { client, codes } = connect({ matchThreshold: 60 });
    await control(port, '/sim/fingers', { finger: 'left-thumb' });
    const enrolled = await client.enrol();
    expect(enrolled).toMatchObject({ ok: true, data: { template: expect.stringMatching(/^SIMFP1:/) } });
    expect(codes).toEqual(['02', '1', '2', '3', '21', '61']);
    await control(port, '/sim/fingers', { finger: 'left-thumb' });
    const verified = await client.captureAndMatch(enrolled.ok ? enrolled.data.template : '');
    expect(verified).toMatchObject({ ok: true, data: { match: { score: 88, matched: true } } });
    expect(codes.slice(6)).toEqual(['1', '2', '3', '21', '51', '9']);
  });

  it('does not match another finger', async () => {
    const { client } = connect();
    await control(port, '/sim/fingers', { finger: 'a' });
    const a = await client.capture();
    await control(port, '/sim/fingers', { finger: 'b' });
    const b = await client.capture();
    const match = await client.match(a.ok ? a.data.template : '', b.ok ? b.data.template : '');
    expect(match).toMatchObject({ ok: true, data: { score: 12, matched: false } });
  });

  it.each([
    ['fail', 'capture_failed', '50'],
    ['timeout', 'timeout', '8'],
    ['disconnect', 'closed', '04'],
    ['malformed', 'malformed', '04'],
  ] as const)('a %s outcome ends with %s and status %s', async (outcome, error, lastCode) => {
    const { client, codes } = connect();
    await control(port, '/sim/fingers', { outcome });
    expect(await client.capture()).toMatchObject({ ok: false, error });
    expect(codes.at(-1)).toBe(lastCode);
  });

  it('guards a device that goes silent', async () => {
    const { client, codes } = connect({ operationTimeoutMs: 300 });
    await control(port, '/sim/fingers', { outcome: 'silent' });
    expect(await client.enrol()).toMatchObject({ ok: false, error: 'timeout' });
    expect(codes.at(-1)).toBe('8');
  });

  it('reports 01 when the device service is absent', async () => {
    await control(port, '/sim/mode', { mode: 'absent' });
    const { client, codes } = connect();
    expect(await client.enrol()).toMatchObject({ ok: false, error: 'connect_failed' });
    expect(codes).toEqual(['01']);
  });

  it('reconnects with 151 and reports 150 while the service is absent', async () => {
    const { client, codes } = connect();
    expect(await client.connect()).toMatchObject({ ok: true });
    expect(await client.reconnect()).toMatchObject({ ok: true });
    await control(port, '/sim/mode', { mode: 'absent' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await client.reconnect()).toMatchObject({ ok: false, error: 'reconnect_failed' });
    expect(codes).toEqual(['02', '151', '04', '150']);
  });

  it('passes on the device reporting a replug', async () => {
    const { client } = connect();
    await client.connect();
    await control(port, '/sim/replug', { ok: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.status).toEqual({ code: '150', text: '指纹仪重连失败，请检查设备连接' });
  });
});
