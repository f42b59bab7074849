import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog, parameters } from '../src/db/schema.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addStaff, callerFor, tokenFor } from './support/domain.js';

const LIST = '/manager/api/Commonconfig/parameter_list';
const SAVE = '/manager/api/Commonconfig/save_parameter';
const VERSION = '/manager/api/commondata/version';

const company = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ companyCfg: { name: '第二人民医院体检中心', systemColorStyle: 'blue', email: '', ...over } });

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  let admin: ReturnType<typeof callerFor>;
  let clerk: ReturnType<typeof callerFor>;

  beforeAll(async () => {
    await addStaff(server.database.db, 'pc_clerk', '郑登记', '0', { menu: ['exam_mg/order_mg'] });
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
    clerk = callerFor(server, await tokenFor(server, 'pc_clerk'));
  });

  const stored = async (code: string) =>
    (await server.database.db.select().from(parameters).where(eq(parameters.paramCode, code)))[0]?.paramValue;

  it('lists the parameters but the internal 0002, marking those 参数设置 may change', async () => {
    const res = await admin.get(LIST);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { param_code: string; editable: boolean; param_name: string }[];
    expect(rows.map((r) => [r.param_code, r.editable])).toEqual([
      ['0001', false],
      ['0030', true],
      ['0110', true],
      ['0810', true],
    ]);
    expect(res.body).not.toMatch(/api_encrypt_fields/);
  });

  it('saves the hospital name and colour, which the version info then reports, and audits it', async () => {
    const res = await admin.post(SAVE, { param_code: '0810', param_value: company({ address: '  人民路1号 ' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ param_code: '0810', param_name: '单位信息', editable: true });
    expect(await stored('0810')).toEqual({
      companyCfg: { name: '第二人民医院体检中心', systemColorStyle: 'blue', email: '', address: '人民路1号' },
    });
    const version = (await admin.get(VERSION)).json().data;
    expect(version).toMatchObject({ name: '第二人民医院体检中心', systemColorStyle: 'blue' });
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'parameter_save'), eq(auditLog.target, '0810')));
    expect(audits.at(-1)).toMatchObject({ userAccount: 'admin', detail: { param_name: '单位信息' } });
  });

  it.each([
    ['0810', company({ name: ' ' }), '请填写单位名称'],
    ['0810', company({ systemColorStyle: 'pink' }), '请选择系统配色'],
    ['0810', company({ postcode: '1234' }), '邮政编码应为6位数字'],
    ['0810', company({ email: 'a@' }), '电子邮箱格式不正确'],
    ['0810', '{"companyCfg":', '参数值格式不正确'],
    [
      '0110',
      JSON.stringify({
        cardReaderCfg: {
          exe: { checked: true, value: 'http://127.0.0.1:8989' },
          local: { checked: false, value: 'http://127.0.0.1:8989/' },
          keys: { name: 'name', gender: 'sex', code: 'id_num', photo: 'photo', folk: 'nation', address: 'address' },
        },
      }),
      '读卡程序地址应为以 / 结尾的 http 地址，例如 http://127.0.0.1:8989/',
    ],
    [
      '0110',
      JSON.stringify({
        cardReaderCfg: {
          exe: { checked: true, value: 'http://127.0.0.1:8989/' },
          local: { checked: true, value: 'http://10.0.0.9:8989/' },
          keys: { name: 'name', gender: 'sex', code: 'id_num', photo: 'photo', folk: 'nation', address: 'address' },
        },
      }),
      '读卡程序地址和本机读卡地址须启用且只启用一个',
    ],
    ['0030', JSON.stringify({ ai_review: {}, show_contagion: false }), 'AI辅助总检开关不正确'],
    ['0001', JSON.stringify({ service_type: 2 }), '该参数不能在此修改'],
    ['0002', JSON.stringify({}), '该参数不能在此修改'],
  ])('refuses %s with %s in Chinese and changes nothing', async (code, value, msg) => {
    const before = await stored(code);
    const res = await admin.post(SAVE, { param_code: code, param_value: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg);
    expect(await stored(code)).toEqual(before);
  });

  it('saves the card reader and review settings', async () => {
    const reader = {
      cardReaderCfg: {
        exe: { checked: false, value: 'http://127.0.0.1:8989/' },
        local: { checked: true, value: 'http://10.0.0.9:8989/reader/' },
        keys: { name: 'xm', gender: 'xb', code: 'sfzh', photo: 'zp', folk: 'mz', address: 'zz' },
      },
    };
    expect((await admin.post(SAVE, { param_code: '0110', param_value: JSON.stringify(reader) })).statusCode).toBe(200);
    expect(await stored('0110')).toEqual(reader);
    const review = { ai_review: { enable: true }, show_contagion: true };
    expect((await admin.post(SAVE, { param_code: '0030', param_value: JSON.stringify(review) })).statusCode).toBe(200);
    expect((await admin.get('/manager/api/commondata/get_config')).json().data.review).toMatchObject({
      ai_review: true,
      show_contagion: true,
    });
  });

  it('refuses both calls to a user 参数设置 is not opened to', async () => {
    const before = await stored('0810');
    expect((await clerk.get(LIST)).statusCode).toBe(403);
    const res = await clerk.post(SAVE, { param_code: '0810', param_value: company({ name: '不该改' }) });
    expect(res.statusCode).toBe(403);
    expect(await stored('0810')).toEqual(before);
  });
});
