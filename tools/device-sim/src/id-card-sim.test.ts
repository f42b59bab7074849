import { checkIdNumber } from '@checkup/api-contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_CARDS } from './sample-cards.js';
import { ID_CARD_SIM_PORT, startIdCardSim, type IdCardSim } from './id-card-sim.js';

describe('ID-card reader simulator', () => {
  let sim: IdCardSim;
  const get = async (path: string) => {
    const response = await fetch(`${sim.baseUrl}${path}`);
    return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
  };
  const getJson = async (path: string) => JSON.parse((await get(path)).body) as Record<string, unknown>;
  const post = (path: string, body: unknown) =>
    fetch(`${sim.baseUrl}${path}`, { method: 'POST', body: JSON.stringify(body) });

  beforeAll(async () => {
    sim = await startIdCardSim({ port: 0 });
  });
  afterAll(() => sim.close());
  beforeEach(async () => {
    sim.setMode('normal');
    await fetch(`${sim.baseUrl}sim/cards`, { method: 'DELETE' });
  });

  it('listens on the reader address of the default parameter 0110 unless told otherwise', () => {
    expect(ID_CARD_SIM_PORT).toBe(8989);
    expect(sim.baseUrl).toBe(`http://127.0.0.1:${sim.port}/`);
  });

  it('answers "place a card" until one is queued, then the card, kept until clear_info', async () => {
    expect(await getJson('idcard/get_info/?t=1')).toEqual({
      code: 1,
      status: false,
      retcode: '0x2',
      retmsg: '请放置身份证',
      data: null,
    });
    expect(await (await post('sim/cards', { name: '王五' })).json()).toEqual({ queued: 1 });
    const read = await getJson('idcard/get_info/?t=2');
    expect(read).toMatchObject({ code: 0, status: true, retcode: '0x0', data: { name: '王五', sex: '男' } });
    expect(await getJson('idcard/get_info?t=3')).toMatchObject({ data: { name: '王五' } });
    expect(await getJson('idcard/clear_info')).toMatchObject({ code: 0, status: true });
    expect(await getJson('idcard/get_info/?t=4')).toMatchObject({ code: 1 });
    expect(sim.state()).toMatchObject({ reads: 4, clears: 1, queued: 0, holding: false });
  });

  it('hands out sample cards with valid ID numbers', () => {
    for (const card of SAMPLE_CARDS) expect(checkIdNumber(card.id_num).ok).toBe(true);
  });

  it('reports retcode 0x1 in retcode1 mode and HTML in malformed mode', async () => {
    await post('sim/mode', { mode: 'retcode1' });
    expect(await getJson('idcard/clear_info')).toMatchObject({ code: 1, status: false, retcode: '0x1' });
    sim.setMode('malformed');
    const html = await get('idcard/get_info/');
    expect(html.type).toMatch(/text\/html/);
    expect(() => JSON.parse(html.body)).toThrow();
  });

  it('drops the connection in absent mode and never answers in timeout mode', async () => {
    sim.setMode('absent');
    await expect(fetch(`${sim.baseUrl}idcard/get_info/`)).rejects.toThrow();
    sim.setMode('timeout');
    await expect(fetch(`${sim.baseUrl}idcard/get_info/`, { signal: AbortSignal.timeout(200) })).rejects.toThrow();
  });

  it('refuses an unknown mode', async () => {
    const response = await post('sim/mode', { mode: 'on-fire' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ msg: 'mode 应为 normal|absent|timeout|malformed|retcode1' });
  });

  it('allows the browser to call it from the web page (CORS and private network preflight)', async () => {
    const response = await fetch(`${sim.baseUrl}idcard/get_info/`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-private-network')).toBe('true');
    expect((await fetch(`${sim.baseUrl}idcard/get_info/`)).headers.get('access-control-allow-origin')).toBe('*');
  });

  it('closes even with a request left hanging', async () => {
    const other = await startIdCardSim({ port: 0 });
    other.setMode('timeout');
    const hanging = fetch(`${other.baseUrl}idcard/get_info/`).catch(() => 'dropped');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await other.close();
    expect(await hanging).toBe('dropped');
  });
});
