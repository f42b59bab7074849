import { beforeAll, expect, it } from 'vitest';
import { companySearchDataRoute, type CompanySearchData } from '@checkup/api-contract';
import { companies, companyGroups, packages } from '../src/db/schema.js';
import { testPersonalData, useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { callerFor, tokenFor } from './support/domain.js';

const SEARCH_DATA = '/manager/api/company/get_search_data';

// The companies of this suite are named 查询测试…, so the demo data never matches them.
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  let admin: ReturnType<typeof callerFor>;
  const id: Record<string, number> = {};
  let packageId: number;
  const db = () => server.database.db;

  const searchData = async (query: Record<string, string> = {}) => {
    const res = await admin.get(SEARCH_DATA, query);
    expect(res.json()).toMatchObject({ status: 200 });
    return companySearchDataRoute.output.parse(res.json()?.data);
  };
  const ours = (list: CompanySearchData[]) => list.filter((c) => c.company_name.startsWith('查询测试'));

  beforeAll(async () => {
    const [pkg] = await db()
      .insert(packages)
      .values({ packageCode: 'CS-PKG', packageName: '查询测试入职套餐', price: '300' })
      .returning({ id: packages.id });
    packageId = pkg!.id;
    const rows = await db()
      .insert(companies)
      .values([
        {
          companyName: '查询测试钢铁厂',
          contactName: '王经理',
          contactPhoneEnc: testPersonalData.seal('companies.contact_phone', '13900001111'),
          examArea: '1',
        },
        {
          companyName: '查询测试外院单位',
          contactPhoneEnc: testPersonalData.seal('companies.contact_phone', '13900002222'),
          examArea: '0',
        },
        { companyName: '查询测试新单位', examArea: '1' },
      ])
      .returning({ id: companies.id, name: companies.companyName });
    for (const row of rows) id[row.name] = row.id;
    const groups = await db()
      .insert(companyGroups)
      .values([
        { companyId: id['查询测试钢铁厂']!, groupName: '接害组', packageId },
        { companyId: id['查询测试钢铁厂']!, groupName: '管理组', payMode: 'self' },
        { companyId: id['查询测试外院单位']!, groupName: '全员', packageId },
      ])
      .returning({ id: companyGroups.id, name: companyGroups.groupName });
    for (const row of groups) id[row.name] = row.id;
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
  });

  it('answers every company with its groups, their packages and who pays for them', async () => {
    const list = ours(await searchData());

    expect(list).toEqual([
      {
        id: id['查询测试钢铁厂'],
        company_name: '查询测试钢铁厂',
        groups: [
          {
            id: id['接害组'],
            group_name: '接害组',
            package_id: packageId,
            package_name: '查询测试入职套餐',
            pay_mode: 'company',
          },
          { id: id['管理组'], group_name: '管理组', package_id: null, package_name: null, pay_mode: 'self' },
        ],
      },
      {
        id: id['查询测试外院单位'],
        company_name: '查询测试外院单位',
        groups: [
          {
            id: id['全员'],
            group_name: '全员',
            package_id: packageId,
            package_name: '查询测试入职套餐',
            pay_mode: 'company',
          },
        ],
      },
      { id: id['查询测试新单位'], company_name: '查询测试新单位', groups: [] },
    ]);
  });

  it('keeps to the companies of the exam area when is_search_exam_area is 1', async () => {
    const names = ours(await searchData({ is_search_exam_area: '1' })).map((c) => c.company_name);
    expect(names).toEqual(['查询测试钢铁厂', '查询测试新单位']);
    expect(ours(await searchData({ is_search_exam_area: '0' }))).toHaveLength(3);
    expect(ours(await searchData({ is_search_exam_area: '' }))).toHaveLength(3);
  });

  it('never carries the contact people or their phone numbers', async () => {
    const res = await admin.get(SEARCH_DATA);
    expect(res.body).not.toMatch(/1390000|王经理|contact/);
  });

  it('refuses an is_search_exam_area other than 0 or 1', async () => {
    expect((await admin.get(SEARCH_DATA, { is_search_exam_area: 'yes' })).json()).toEqual({
      status: 400,
      data: null,
      msg: '是否体检区查询只能是0或1',
    });
  });

  it('is closed to callers without a session', async () => {
    expect((await server.app.inject({ method: 'GET', url: SEARCH_DATA })).statusCode).toBe(401);
  });
});
