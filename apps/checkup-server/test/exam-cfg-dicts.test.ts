import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  HARM_CATEGORIES,
  applicationTypeResource,
  codeTableResource,
  consumableResource,
  dictDataResource,
  dictRefResource,
  dictTypeResource,
  harmFactorResource,
  msgTemplateResource,
  tableSettingResource,
} from '@checkup/api-contract';
import { dictData, dictRefs, dictTypes, unions } from '../src/db/schema.js';
import { staffSession } from './support/access.js';
import { callerFor } from './support/domain.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { describeResource } from './support/resource-suite.js';

/** The dictionary-like 体检配置 resources (issue 18 §2): their generated suites and what each adds. */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  const seeded = { industryTypeId: 0, nationTypeId: 0, unionId: 0, poolTypeId: 0, pool: [] as number[] };
  /** 字典对照 is unique per platform and entry: each form takes an entry of its own from a pool. */
  const entryOf = new Map<number, number>();
  const entryFor = (n: number) => {
    if (!entryOf.has(n)) entryOf.set(n, seeded.pool[entryOf.size]!);
    return entryOf.get(n)!;
  };

  beforeAll(async () => {
    const typeId = async (code: string) =>
      (await db().select({ id: dictTypes.id }).from(dictTypes).where(eq(dictTypes.typeCode, code)))[0]!.id;
    seeded.industryTypeId = await typeId('industry');
    seeded.nationTypeId = await typeId('nation');
    seeded.unionId = (await db().select({ id: unions.id }).from(unions).limit(1))[0]!.id;
    const [pool] = await db().insert(dictTypes).values({ typeCode: 'ref_pool', typeName: '对照测试' }).returning();
    seeded.poolTypeId = pool!.id;
    const entries = Array.from({ length: 40 }, (_, i) => ({ typeId: pool!.id, label: `条目${i}`, value: `E${i}` }));
    seeded.pool = (await db().insert(dictData).values(entries).returning({ id: dictData.id })).map((r) => r.id);
  });

  const keeperOf = async (screen: string, account: string) =>
    callerFor(server, await staffSession(db(), `${account}_${Math.floor(Math.random() * 1e9)}`, [screen]));

  describeResource(server, dictTypeResource, {
    valid: (n) => ({ type_name: `测试字典${n}号`, type_code: `T${n}`, remark: '测试用' }),
    invalid: [
      { form: { type_name: '血型', type_code: '' }, message: '请填写类型编码' },
      { form: { type_name: '血型', type_code: 'blood type' }, message: '类型编码只能包含字母、数字、-和_' },
      { form: { type_name: '', type_code: 'blood' }, message: '请填写字典名称' },
    ],
    filterFor: (n) => ({ key: `测试字典${n}号` }),
    reference: async (database, id) => {
      await database.insert(dictData).values({ typeId: id, label: '甲', value: 'A' });
    },
  });

  describeResource(server, dictDataResource, {
    valid: (n) => ({
      type_id: String(seeded.industryTypeId),
      label: `测试标签${n}号`,
      value: `V${n}`,
      sort: String(n % 100),
      style: 'primary',
      flags: 'cash,group',
    }),
    invalid: [
      { form: { type_id: '1', label: '甲', value: 'A', sort: '' }, message: '请填写排序' },
      { form: { type_id: '1', label: '甲', value: '', sort: '1' }, message: '请填写字典键值' },
      { form: { type_id: '', label: '甲', value: 'A', sort: '1' }, message: '请选择字典类型' },
      {
        form: { type_id: '1', label: '甲', value: 'A', sort: '1', flags: '现金,赊账' },
        message: '付款标记只能从现金、团检可用、个人可用、可退现金、可误操作退款中选择',
      },
    ],
    filterFor: (n) => ({ key: `测试标签${n}号` }),
    reference: async (database, id) => {
      await database.insert(dictRefs).values({ platform: 'his', dataId: id, externalCode: 'X1' });
    },
  });

  describeResource(server, dictRefResource, {
    valid: (n) => ({
      platform: 'lis',
      data_id: String(entryFor(n)),
      external_code: `EX${n}`,
      external_name: `外部名称${n}号`,
    }),
    invalid: [
      { form: { platform: 'erp', data_id: '1', external_code: 'X' }, message: '请选择对照平台' },
      { form: { platform: 'his', data_id: '1', external_code: '' }, message: '请填写外部编码' },
      { form: { platform: 'his', data_id: '', external_code: 'X' }, message: '请选择本地字典数据' },
    ],
    filterFor: (n) => ({ key: `外部名称${n}号` }),
  });

  describeResource(server, harmFactorResource, {
    valid: (n) => ({
      factor_code: `H${n}`,
      factor_name: `测试因素${n}号`,
      category: 'chemical',
      health_effect: '可致中毒',
      cas_no: '71-43-2',
    }),
    invalid: [
      {
        form: { factor_code: 'H1', factor_name: '苯', category: 'chemical', health_effect: '' },
        message: '请填写对健康的影响',
      },
      {
        form: { factor_code: 'H2', factor_name: '苯', category: 'chemical', health_effect: '中毒', cas_no: '71432' },
        message: 'CAS号格式应为“数字-两位数字-一位数字”，例如 71-43-2',
      },
      {
        form: { factor_code: 'H3', factor_name: '苯', category: 'toxic', health_effect: '中毒' },
        message: '请选择危害因素类别',
      },
    ],
    filterFor: (n) => ({ key: `测试因素${n}号` }),
  });

  describeResource(server, applicationTypeResource, {
    valid: (n) => ({ type_name: `测试申请${n}号`, type_code: `A${n}`, send_target: 'lis', barcode_class: '检验条码' }),
    invalid: [
      { form: { type_name: '检验', type_code: 'LAB', send_target: 'his' }, message: '请选择发送目标' },
      { form: { type_name: '检验', type_code: '', send_target: 'lis' }, message: '请填写申请类型编码' },
    ],
    filterFor: (n) => ({ key: `测试申请${n}号` }),
  });

  describeResource(server, codeTableResource, {
    valid: (n) => ({ category: 'item_type', code: `C${n}`, name: `测试代码${n}号`, sort: '2' }),
    invalid: [
      { form: { category: 'item_type', code: 'C1', name: '' }, message: '请填写名称' },
      { form: { category: 'unit', code: 'C1', name: '克' }, message: '请选择代码分类' },
    ],
    filterFor: (n) => ({ key: `测试代码${n}号` }),
  });

  describeResource(server, consumableResource, {
    valid: (n) => ({
      consumable_code: `HC${n}`,
      consumable_name: `测试耗材${n}号`,
      spec: '5ml',
      unit: '支',
      cost_price: '0.85',
      union_id: String(seeded.unionId),
      quantity: '2',
    }),
    invalid: [
      {
        form: { consumable_code: 'HC1', consumable_name: '采血管', unit: '支', cost_price: '-1' },
        message: '成本价应为不小于0的金额，最多两位小数',
      },
      { form: { consumable_code: 'HC2', consumable_name: '采血管', unit: '', cost_price: '1' }, message: '请填写单位' },
      {
        form: { consumable_code: 'HC3', consumable_name: '采血管', unit: '支', cost_price: '1', quantity: '0' },
        message: '每次用量应在1到999之间',
      },
    ],
    filterFor: (n) => ({ key: `测试耗材${n}号` }),
  });

  describeResource(server, msgTemplateResource, {
    valid: (n) => ({
      template_code: `M${n}`,
      template_name: `测试模板${n}号`,
      scene: 'recheck',
      content: '{姓名}您好，请于{预约日期}到体检中心复查。',
      channels: 'sms,wechat',
    }),
    invalid: [
      {
        form: { template_code: 'M1', template_name: '复查', scene: 'recheck', content: '{姓名}您好，{手机号}' },
        message:
          '不认识的变量{手机号}，可用的变量：{姓名}、{性别}、{体检号}、{体检日期}、{预约日期}、{单位名称}、{套餐名称}、{危急值内容}、{中心电话}',
      },
      {
        form: { template_code: 'M2', template_name: '复查', scene: 'birthday', content: '您好' },
        message: '请选择使用场景',
      },
      {
        form: { template_code: 'M3', template_name: '复查', scene: 'recheck', content: '您好', channels: '传真' },
        message: '发送方式只能从短信、微信公众号、站内通知中选择',
      },
    ],
    filterFor: (n) => ({ key: `测试模板${n}号` }),
  });

  describeResource(server, tableSettingResource, {
    valid: (n) => ({ table_key: `list-${n}-x`, columns: 'name:120, dept, price:90' }),
    invalid: [
      { form: { table_key: '', columns: 'name' }, message: '请填写表格' },
      {
        form: { table_key: 'orders', columns: 'name:10' },
        message: '列“name:10”格式不正确，应为“列名”或“列名:宽度”，宽度40到1000',
      },
      { form: { table_key: 'orders', columns: 'name, name' }, message: '列“name”重复' },
    ],
    filterFor: (n) => ({ key: `list-${n}-x` }),
  });

  describe('what the dictionaries add', () => {
    it('refuses to remove a type that still has entries, naming how many', async () => {
      const keeper = await keeperOf('exam_cfg/dict_cfg', 'dict_keeper');
      const nation = (await keeper.get(dictTypeResource.routes.detail.path, { id: seeded.nationTypeId })).json().data;
      expect(nation.data_count).toBe(58);
      const res = await keeper.post(dictTypeResource.routes.remove.path, { id: nation.id, version: nation.version });
      expect([res.statusCode, res.json().msg]).toEqual([409, '该字典类型已被58个字典数据使用，不能删除，可改为停用']);
    });

    it('takes the same value in another type, and lists one type’s entries in order', async () => {
      const keeper = await keeperOf('exam_cfg/dictionary_cfg', 'data_keeper');
      const form = { type_id: String(seeded.poolTypeId), label: '汉族', value: '01', sort: '0' };
      expect((await keeper.post(dictDataResource.routes.save.path, form)).json().status).toBe(200);
      const nations = (
        await keeper.get(dictDataResource.routes.list.path, { type_id: seeded.nationTypeId, size: 3 })
      ).json().data;
      expect(nations.total).toBe(58);
      expect(nations.list.map((r: { label: string }) => r.label)).toEqual(['汉族', '蒙古族', '回族']);
    });

    it('maps an entry once per platform, and refuses an entry that does not exist', async () => {
      const keeper = await keeperOf('exam_cfg/dict_ref_cfg', 'ref_keeper');
      const entry = seeded.pool.at(-1)!;
      for (const platform of ['his', 'province']) {
        const saved = await keeper.post(dictRefResource.routes.save.path, {
          platform,
          data_id: entry,
          external_code: '9',
        });
        expect(saved.json()).toMatchObject({ status: 200, data: { data_label: '条目39', type_name: '对照测试' } });
      }
      const again = await keeper.post(dictRefResource.routes.save.path, {
        platform: 'his',
        data_id: entry,
        external_code: '8',
      });
      expect([again.statusCode, again.json().msg]).toEqual([400, `本平台已对照的字典数据ID“${entry}”已存在`]);
      const missing = await keeper.post(dictRefResource.routes.save.path, {
        platform: 'his',
        data_id: 999_999,
        external_code: '8',
      });
      expect([missing.statusCode, missing.json().msg]).toEqual([400, '所选本地字典数据不存在或已被删除，请刷新后重选']);
    });

    it('answers a consumable’s cost in yuan with two decimals, named with its union', async () => {
      const keeper = await keeperOf('exam_cfg/consume_cfg', 'consume_keeper');
      const saved = await keeper.post(consumableResource.routes.save.path, {
        consumable_code: 'HCX',
        consumable_name: '棉签',
        unit: '包',
        cost_price: '1.5',
        union_id: seeded.unionId,
      });
      expect(saved.json().data).toMatchObject({ cost_price: '1.50', quantity: 1, union_id: seeded.unionId });
      expect(saved.json().data.union_name).toBeTruthy();
      // 耗材配置 picks the union from the union list: it reads it, and may not change it.
      expect((await keeper.get('/manager/api/examcfg/union/list')).json().status).toBe(200);
    });
  });

  it('lists the harm factors category by category, in the national catalogue’s order', async () => {
    const keeper = await keeperOf('exam_cfg/harm_factors', 'harm_keeper');
    const { list } = (await keeper.get(harmFactorResource.routes.list.path, { size: 100 })).json().data;
    const order = list.map((r: { category: (typeof HARM_CATEGORIES)[number] }) => HARM_CATEGORIES.indexOf(r.category));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(list[0]).toMatchObject({ factor_name: '矽尘（游离二氧化硅粉尘）', cas_no: '14808-60-7' });
  });

  describe('表格配置 is each user’s own', () => {
    it('lists, changes and removes only the signed-in user’s settings', async () => {
      const alice = await keeperOf('exam_cfg/table_cfg', 'alice');
      const bob = await keeperOf('exam_cfg/table_cfg', 'bob');
      const { routes } = tableSettingResource;
      const mine = (
        await alice.post(routes.save.path, { table_key: 'orders-shared', columns: 'name:120, dept' })
      ).json().data;
      expect(mine.columns).toEqual([
        { key: 'name', width: 120 },
        { key: 'dept', width: null },
      ]);
      // The same list for another user is another row.
      const theirs = await bob.post(routes.save.path, { table_key: 'orders-shared', columns: 'dept' });
      expect(theirs.json().status).toBe(200);

      const bobList = (await bob.get(routes.list.path, { key: 'orders-shared' })).json().data;
      expect(bobList.list.map((r: { id: number }) => r.id)).toEqual([theirs.json().data.id]);
      expect((await bob.get(routes.detail.path, { id: mine.id })).statusCode).toBe(404);
      const change = await bob.post(routes.save.path, { id: mine.id, version: 1, table_key: 'x', columns: 'a' });
      expect([change.statusCode, change.json().msg]).toEqual([404, '该表格配置不存在或已被删除']);
      expect((await bob.post(routes.remove.path, { id: mine.id, version: 1 })).statusCode).toBe(404);

      const still = (await alice.get(routes.detail.path, { id: mine.id })).json().data;
      expect(still).toMatchObject({ version: 1, table_key: 'orders-shared' });
      expect((await alice.post(routes.remove.path, { id: mine.id, version: 1 })).json().status).toBe(200);
    });
  });
});
