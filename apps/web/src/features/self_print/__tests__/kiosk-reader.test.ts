import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_CARD_READER_PARAM,
  cardReaderSettingsRoute,
  idNumberCheckChar,
  type CardReaderParam,
} from '@checkup/api-contract';
import { ApiError } from '../../../lib/api-error';
import { WORKSTATION_ID_KEY } from '../../../lib/workstation/workstation-id';
import { fakeApi } from '../../../test/fake-api';
import { createKioskReader } from '../kiosk-reader';

const first17 = '11010519900101123';
const CARD = {
  name: '张三',
  sex: '男',
  id_num: first17 + idNumberCheckChar(first17),
  photo: '',
  nation: '汉',
  address: '',
};
const KIOSK = 'b'.repeat(32);

/** 0110 as 参数设置 saved it: the reader helper at `address`. */
const saved = (address: string): CardReaderParam => ({
  cardReaderCfg: { ...DEFAULT_CARD_READER_PARAM.cardReaderCfg, exe: { checked: true, value: address } },
});

/** The reader helpers that answer: each puts a card on its reader at once. */
function helpers() {
  const polled: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    polled.push(url);
    const body = url.includes('clear_info') ? { code: 0, status: true } : { code: 0, status: true, data: CARD };
    return { ok: true, status: 200, text: async () => JSON.stringify(body) };
  });
  return polled;
}

describe('the kiosk’s ID-card reader', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('polls the address 0110 holds, and the new one once 参数设置 changes it', async () => {
    const polled = helpers();
    let param = saved('http://127.0.0.1:8989/');
    fakeApi([[cardReaderSettingsRoute, () => param]]);

    expect(await createKioskReader().read()).toMatchObject({ ok: true, data: { cust_name: '张三' } });
    expect(polled.every((url) => url.startsWith('http://127.0.0.1:8989/idcard/'))).toBe(true);

    param = saved('http://10.0.0.31:9000/reader/');
    polled.length = 0;
    expect(await createKioskReader().read()).toMatchObject({ ok: true });
    expect(polled).toEqual([
      'http://10.0.0.31:9000/reader/idcard/clear_info',
      expect.stringMatching(/^http:\/\/10\.0\.0\.31:9000\/reader\/idcard\/get_info\//),
    ]);
  });

  it('asks for the reader of the workstation the kiosk’s start address named', async () => {
    helpers();
    localStorage.setItem(WORKSTATION_ID_KEY, KIOSK);
    const server = fakeApi([[cardReaderSettingsRoute, () => saved('http://127.0.0.1:8989/')]]);
    await createKioskReader().read();
    expect(server.call).toHaveBeenCalledWith(cardReaderSettingsRoute, { workstation_id: KIOSK });
  });

  it('says to set the reading method when 0110 is not set', async () => {
    const polled = helpers();
    fakeApi([
      [
        cardReaderSettingsRoute,
        () => {
          throw new ApiError(404, '身份证读卡设置（参数0110）未配置', cardReaderSettingsRoute.path);
        },
      ],
    ]);
    const result = await createKioskReader().read();
    expect(result).toMatchObject({ ok: false, error: 'param_missing' });
    expect(polled).toEqual([]);
  });
});
