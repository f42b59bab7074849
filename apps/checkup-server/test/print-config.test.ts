import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { DEFAULT_CARD_READER_PARAM, DEFAULT_PRINT_SETTINGS, type PrintSettings } from '@checkup/api-contract';
import { auditLog, parameters } from '../src/db/schema.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addStaff, callerFor, tokenFor } from './support/domain.js';

const API = '/manager/api/printcfg';
const SAVE_PARAMETER = '/manager/api/Commonconfig/save_parameter';
const DESK = 'a'.repeat(32);
const KIOSK = 'b'.repeat(32);
const UNNAMED = 'c'.repeat(32);

const CENTRE: PrintSettings = {
  print_service_urls: ['http://10.0.0.20:8000/'],
  print_helper_url: 'http://127.0.0.1:7832/',
  conversion_url: 'http://10.0.0.20:5080/',
  printers: { guide_sheet: '前台激光打印机', barcode: '条码机', report: '报告打印机' },
  barcode_label_count: 2,
};

const reader = (exe: string, local = 'http://127.0.0.1:8989/', localOn = false) => ({
  cardReaderCfg: {
    ...DEFAULT_CARD_READER_PARAM.cardReaderCfg,
    exe: { checked: !localOn, value: exe },
    local: { checked: localOn, value: local },
  },
});

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  let admin: ReturnType<typeof callerFor>;
  let clerk: ReturnType<typeof callerFor>;

  beforeAll(async () => {
    await addStaff(server.database.db, 'pc_clerk', '钱登记', '0', { menu: ['exam_mg/order_quick_register'] });
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
    clerk = callerFor(server, await tokenFor(server, 'pc_clerk'));
  });

  const config = async (workstation_id = '') => {
    const res = await clerk.get(`${API}/get_print_config`, { workstation_id });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  /** The kiosk's call: no session at all. */
  const kioskReader = async (workstation_id = '') =>
    server.app.inject({ method: 'GET', url: `${API}/card_reader?workstation_id=${workstation_id}` });
  const audits = (action: string, target: string) =>
    server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.target, target)));

  it('answers the built-in defaults while 0120 was never saved, for a browser with or without a workstation', async () => {
    expect(await config()).toEqual({
      defaults: DEFAULT_PRINT_SETTINGS,
      defaults_updated_at: null,
      workstation: null,
      effective: DEFAULT_PRINT_SETTINGS,
    });
    expect((await config(UNNAMED)).effective).toEqual(DEFAULT_PRINT_SETTINGS);
  });

  it('saves the centre defaults as parameter 0120 with an audit row; every workstation then prints with them', async () => {
    const res = await admin.post(`${API}/save_defaults`, { settings: JSON.stringify(CENTRE) });
    expect(res.statusCode).toBe(200);
    const [row] = await server.database.db.select().from(parameters).where(eq(parameters.paramCode, '0120'));
    expect(row).toMatchObject({ paramName: '打印配置', paramValue: CENTRE });
    expect((await audits('print_defaults_save', '0120')).at(-1)).toMatchObject({ userAccount: 'admin' });
    expect(await config(UNNAMED)).toMatchObject({
      defaults: CENTRE,
      effective: CENTRE,
      defaults_updated_at: expect.any(String),
    });
  });

  it.each([
    [
      { print_service_urls: ['http://127.0.0.1:8000'] },
      '打印服务地址应为以 / 结尾的 http 地址，例如 http://127.0.0.1:8000/',
    ],
    [{ print_service_urls: [] }, '请填写打印服务地址'],
    [{ print_helper_url: 'ftp://127.0.0.1/' }, 'Word控件地址应为以 / 结尾的 http 地址，例如 http://127.0.0.1:7832/'],
    [{ barcode_label_count: 0 }, '条码打印份数应为1到10之间的整数'],
    [{ barcode_label_count: 2.5 }, '条码打印份数应为1到10之间的整数'],
    [{ printers: { ...CENTRE.printers, report: '打'.repeat(65) } }, '报告打印机不能超过64个字符'],
  ])('refuses defaults with %j in Chinese and keeps the saved ones', async (change, msg) => {
    const res = await admin.post(`${API}/save_defaults`, { settings: JSON.stringify({ ...CENTRE, ...change }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg);
    expect((await config()).defaults).toEqual(CENTRE);
  });

  it('lets any signed-in user name their workstation once, with a name nobody else uses', async () => {
    const named = await clerk.post(`${API}/name_workstation`, { workstation_id: DESK, workstation_name: ' 登记台1 ' });
    expect(named.statusCode).toBe(200);
    expect(named.json().data).toMatchObject({ workstation_id: DESK, workstation_name: '登记台1', overrides: {} });
    expect((await audits('workstation_name', DESK)).at(-1)).toMatchObject({ userAccount: 'pc_clerk' });

    const again = await clerk.post(`${API}/name_workstation`, { workstation_id: DESK, workstation_name: '登记台2' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('本工作站已命名为“登记台1”');
    const taken = await clerk.post(`${API}/name_workstation`, { workstation_id: KIOSK, workstation_name: '登记台1' });
    expect(taken.json().msg).toBe('工作站名称“登记台1”已被使用，请换一个名称');
    const blank = await clerk.post(`${API}/name_workstation`, { workstation_id: KIOSK, workstation_name: '  ' });
    expect(blank.json().msg).toBe('请填写工作站名称');
    const badId = await clerk.post(`${API}/name_workstation`, { workstation_id: 'x1', workstation_name: '自助机' });
    expect(badId.json().msg).toBe('工作站编号无效');
  });

  it('prints with the defaults overridden by what the workstation sets, printer by printer, with an audit row', async () => {
    const overrides = {
      print_service_urls: ['http://127.0.0.1:18000/'],
      printers: { guide_sheet: '登记台针式打印机' },
    };
    const res = await admin.post(`${API}/save_workstation`, {
      workstation_id: DESK,
      workstation_name: '登记台1',
      overrides: JSON.stringify(overrides),
    });
    expect(res.statusCode).toBe(200);
    expect(await config(DESK)).toMatchObject({
      defaults: CENTRE,
      workstation: { workstation_name: '登记台1', overrides },
      effective: {
        ...CENTRE,
        print_service_urls: ['http://127.0.0.1:18000/'],
        printers: { guide_sheet: '登记台针式打印机', barcode: '条码机', report: '报告打印机' },
      },
    });
    expect((await audits('workstation_save', DESK)).at(-1)).toMatchObject({
      userAccount: 'admin',
      detail: { workstation_name: '登记台1', overridden: ['print_service_urls', 'printers'] },
    });
    const list = (await admin.get(`${API}/workstation_list`)).json().data;
    expect(list.map((w: { workstation_name: string }) => w.workstation_name)).toEqual(['登记台1']);
  });

  it.each([
    [{ conversion_url: 'http://host:5080' }, '转换服务地址应为以 / 结尾的 http 地址，例如 http://127.0.0.1:5080/'],
    [{ card_reader_url: '127.0.0.1:8989/' }, '读卡地址应为以 / 结尾的 http 地址，例如 http://127.0.0.1:8989/'],
    [{ barcode_label_count: 11 }, '条码打印份数应为1到10之间的整数'],
  ])('refuses a workstation setting %j in Chinese', async (overrides, msg) => {
    const res = await admin.post(`${API}/save_workstation`, {
      workstation_id: DESK,
      workstation_name: '登记台1',
      overrides: JSON.stringify(overrides),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg);
  });

  it('refuses 打印配置 calls to a user who cannot open it, and a workstation that is not there', async () => {
    expect(
      (await clerk.post(`${API}/save_defaults`, { settings: JSON.stringify(DEFAULT_PRINT_SETTINGS) })).statusCode,
    ).toBe(403);
    expect((await clerk.get(`${API}/workstation_list`)).statusCode).toBe(403);
    const rename = await clerk.post(`${API}/save_workstation`, {
      workstation_id: DESK,
      workstation_name: '改名',
      overrides: '{}',
    });
    expect(rename.statusCode).toBe(403);
    expect((await clerk.post(`${API}/remove_workstation`, { workstation_id: DESK })).statusCode).toBe(403);
    expect((await config()).defaults).toEqual(CENTRE);

    const missing = await admin.post(`${API}/save_workstation`, {
      workstation_id: UNNAMED,
      workstation_name: '无',
      overrides: '{}',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('工作站不存在或已被删除');
  });

  it('answers the kiosk, with no session, 0110 as saved and the workstation’s own reader address', async () => {
    const before = await kioskReader();
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toEqual(DEFAULT_CARD_READER_PARAM);

    const saved = reader('http://10.0.0.31:8989/');
    expect(
      (await admin.post(SAVE_PARAMETER, { param_code: '0110', param_value: JSON.stringify(saved) })).statusCode,
    ).toBe(200);
    expect((await kioskReader()).json().data).toEqual(saved);
    expect((await kioskReader(UNNAMED)).json().data).toEqual(saved);

    await clerk.post(`${API}/name_workstation`, { workstation_id: KIOSK, workstation_name: '自助机1' });
    await admin.post(`${API}/save_workstation`, {
      workstation_id: KIOSK,
      workstation_name: '自助机1',
      overrides: JSON.stringify({ card_reader_url: 'http://127.0.0.1:9898/' }),
    });
    const own = (await kioskReader(KIOSK)).json().data;
    expect(own.cardReaderCfg.exe).toEqual({ checked: true, value: 'http://127.0.0.1:9898/' });
    expect(own.cardReaderCfg.keys).toEqual(saved.cardReaderCfg.keys);

    // With 0110 on the local address, the workstation's address replaces that one.
    const local = reader('http://10.0.0.31:8989/', 'http://10.0.0.32:8989/', true);
    await admin.post(SAVE_PARAMETER, { param_code: '0110', param_value: JSON.stringify(local) });
    expect((await kioskReader(KIOSK)).json().data.cardReaderCfg).toMatchObject({
      exe: { checked: false, value: 'http://10.0.0.31:8989/' },
      local: { checked: true, value: 'http://127.0.0.1:9898/' },
    });
    expect((await kioskReader('nope')).json().msg).toBe('工作站编号无效');
  });

  it('removes a workstation, whose browser then prints with the defaults and may name itself again', async () => {
    const res = await admin.post(`${API}/remove_workstation`, { workstation_id: DESK });
    expect(res.statusCode).toBe(200);
    expect((await audits('workstation_remove', DESK)).at(-1)).toMatchObject({
      detail: { workstation_name: '登记台1' },
    });
    expect(await config(DESK)).toMatchObject({ workstation: null, effective: CENTRE });
    expect((await admin.post(`${API}/remove_workstation`, { workstation_id: DESK })).statusCode).toBe(404);
    const renamed = await clerk.post(`${API}/name_workstation`, { workstation_id: DESK, workstation_name: '登记台1' });
    expect(renamed.statusCode).toBe(200);
  });

  it('refuses renaming a workstation to a name another one has', async () => {
    const res = await admin.post(`${API}/save_workstation`, {
      workstation_id: KIOSK,
      workstation_name: '登记台1',
      overrides: '{}',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('工作站名称“登记台1”已被使用，请换一个名称');
  });
});
