import { beforeAll, expect, it } from 'vitest';
import { sysItemsRoute, type SysItem } from '@checkup/api-contract';
import { examItems } from '../src/db/schema.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, callerFor, tokenFor } from './support/domain.js';

const SYS_ITEMS = '/manager/api/dictitemmatch/get_sys_items';

// The items of this suite have codes starting with DM, so the demo catalogue never matches them.
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  let admin: ReturnType<typeof callerFor>;
  let lab: number;
  let physical: number;
  const db = () => server.database.db;

  const items = async (query: Record<string, string | number> = {}) => {
    const res = await admin.get(SYS_ITEMS, query);
    expect(res.json()).toMatchObject({ status: 200 });
    return sysItemsRoute.output.parse(res.json().data);
  };
  const codes = (list: SysItem[]) => list.map((i) => i.item_code).filter((c) => c.startsWith('DM'));

  beforeAll(async () => {
    lab = (await addDept(db(), '匹配检验科')).deptId;
    physical = (await addDept(db(), '匹配内科')).deptId;
    await db()
      .insert(examItems)
      .values([
        {
          itemCode: 'DM-HGB',
          itemName: '匹配血红蛋白',
          deptId: lab,
          resultType: 'number',
          unit: 'g/L',
          refLowMale: '130',
          refHighMale: '175',
          refLowFemale: '115',
          refHighFemale: '150',
          criticalLow: '50',
          sort: 2,
        },
        {
          itemCode: 'DM-WBC',
          itemName: '匹配白细胞计数',
          deptId: lab,
          resultType: 'number',
          unit: '10^9/L',
          refLowMale: '3.5',
          refHighMale: '9.5',
          refLowFemale: '3.5',
          refHighFemale: '9.5',
          sort: 1,
        },
        {
          itemCode: 'DM-HEART',
          itemName: '匹配心脏听诊',
          deptId: physical,
          resultType: 'text',
          normalText: '未见异常',
        },
      ]);
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
  });

  it('answers the items with department, unit, result type and the ranges by sex without trailing zeros', async () => {
    const list = await items({ dept_id: lab });

    expect(list.map((i) => i.item_code)).toEqual(['DM-WBC', 'DM-HGB']);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      item_code: 'DM-WBC',
      item_name: '匹配白细胞计数',
      dept_id: lab,
      dept_name: '匹配检验科',
      unit: '10^9/L',
      result_type: 'number',
      ref_low_male: '3.5',
      ref_high_male: '9.5',
      ref_low_female: '3.5',
      ref_high_female: '9.5',
    });
    expect(list[1]).toMatchObject({ ref_low_male: '130', ref_high_female: '150' });
    expect(list[1]).not.toHaveProperty('critical_low');
  });

  it('answers a text item with null ranges', async () => {
    expect(await items({ dept_id: physical })).toEqual([
      expect.objectContaining({ item_code: 'DM-HEART', unit: null, result_type: 'text', ref_low_male: null }),
    ]);
  });

  it('finds items by part of the name or the start of the code, in any case', async () => {
    expect(codes(await items({ key: '白细胞' }))).toEqual(['DM-WBC']);
    expect(codes(await items({ key: 'dm-h' }))).toEqual(['DM-HGB', 'DM-HEART']);
    expect(codes(await items({ key: 'HGB' }))).toEqual([]);
    expect(codes(await items({ key: '匹配', dept_id: physical }))).toEqual(['DM-HEART']);
  });

  it('lists every department when no filter is given', async () => {
    expect(codes(await items({ dept_id: '', key: '' }))).toEqual(
      expect.arrayContaining(['DM-WBC', 'DM-HGB', 'DM-HEART']),
    );
  });

  it.each([
    [{ dept_id: 'lab' }, '科室ID格式不正确'],
    [{ key: '项'.repeat(33) }, '搜索关键字不能超过32个字符'],
  ])('refuses %j with %s', async (query, msg) => {
    expect((await admin.get(SYS_ITEMS, query)).json()).toEqual({ status: 400, data: null, msg });
  });

  it('is closed to callers without a session', async () => {
    expect((await server.app.inject({ method: 'GET', url: SYS_ITEMS })).statusCode).toBe(401);
  });
});
