import { beforeAll, expect, it } from 'vitest';
import { unionListByKeyRoute, type UnionOption } from '@checkup/api-contract';
import { packageUnions, packages, unionMutex, unions } from '../src/db/schema.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, callerFor, tokenFor } from './support/domain.js';

const UNION_LIST = '/manager/api/package/get_union_list_by_key';

// Every union of this suite carries 趣 in its name and QX in its code, so the demo catalogue never matches.
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  let admin: ReturnType<typeof callerFor>;
  let deptId: number;
  const id: Record<string, number> = {};
  let packageId: number;
  const db = () => server.database.db;

  const search = async (query: Record<string, string | number>) => {
    const res = await admin.get(UNION_LIST, query);
    expect(res.json()).toMatchObject({ status: 200 });
    return unionListByKeyRoute.output.parse(res.json().data);
  };
  const codes = (list: UnionOption[]) => list.map((u) => u.union_code).filter((c) => c.startsWith('QX'));

  beforeAll(async () => {
    deptId = (await addDept(db(), '趣检验科')).deptId;
    const rows = await db()
      .insert(unions)
      .values([
        { unionCode: 'QX001', unionName: '趣血常规', deptId, price: '25.5', specimen: '血液', pinyin: 'qxcg', sort: 1 },
        {
          unionCode: 'QX002',
          unionName: '趣前列腺彩超',
          deptId,
          price: '120',
          genderLimit: '1',
          pinyin: 'qqlxcc',
          sort: 2,
        },
        {
          unionCode: 'QX003',
          unionName: '趣妇科检查',
          deptId,
          price: '80',
          genderLimit: '2',
          pinyin: 'qfkjc',
          sort: 3,
        },
        { unionCode: 'QX004', unionName: '趣停用项目', deptId, price: '10', isActive: false, sort: 4 },
        { unionCode: 'QX005', unionName: '趣%特殊_项目', deptId, price: '0', pinyin: 'qtsxm', sort: 5 },
      ])
      .returning({ id: unions.id, code: unions.unionCode });
    for (const row of rows) id[row.code] = row.id;
    // Stored once per pair, lower id first (schema comment); the answer lists both directions.
    await db()
      .insert(unionMutex)
      .values([
        { unionId: id.QX001!, mutexUnionId: id.QX002! },
        { unionId: id.QX001!, mutexUnionId: id.QX003! },
      ]);
    const [pkg] = await db()
      .insert(packages)
      .values({ packageCode: 'QXPKG', packageName: '趣女性套餐', price: '99', genderLimit: '2' })
      .returning({ id: packages.id });
    packageId = pkg!.id;
    await db()
      .insert(packageUnions)
      .values([
        { packageId, unionId: id.QX001! },
        { packageId, unionId: id.QX003! },
      ]);
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
  });

  it('finds active unions whose name contains the key, with department, price and exclusions', async () => {
    const list = await search({ key: '趣' });

    expect(codes(list)).toEqual(['QX001', 'QX002', 'QX003', 'QX005']);
    expect(list.find((u) => u.union_code === 'QX001')).toEqual({
      id: id.QX001,
      union_name: '趣血常规',
      union_code: 'QX001',
      price: '25.50',
      dept_id: deptId,
      dept_name: '趣检验科',
      gender_limit: '0',
      specimen: '血液',
      mutex_union_ids: [id.QX002, id.QX003],
      no_discount: false,
    });
    expect(list.find((u) => u.union_code === 'QX002')).toMatchObject({ price: '120.00', mutex_union_ids: [id.QX001] });
    expect(list.find((u) => u.union_code === 'QX003')?.mutex_union_ids).toEqual([id.QX001]);
    expect(list.find((u) => u.union_code === 'QX005')).toMatchObject({ price: '0.00', specimen: null });
  });

  it.each([
    ['the start of the code, in any case', 'qx00', ['QX001', 'QX002', 'QX003', 'QX005']],
    ['the exact code', 'QX002', ['QX002']],
    ['the start of the pinyin initials, in any case', 'QXC', ['QX001']],
    ['a part of the name', '彩超', ['QX002']],
  ])('matches %s', async (_case, key, expected) => {
    expect(codes(await search({ key }))).toEqual(expected);
  });

  it('does not match pinyin or a code in the middle', async () => {
    expect(codes(await search({ key: 'xcg' }))).toEqual([]);
    expect(codes(await search({ key: 'X001' }))).toEqual([]);
  });

  it('matches LIKE wildcards in the key literally', async () => {
    expect(codes(await search({ key: '趣%' }))).toEqual(['QX005']);
    expect(codes(await search({ key: '_项目' }))).toEqual(['QX005']);
  });

  it('leaves out the unions limited to the other sex', async () => {
    expect(codes(await search({ key: '趣', sex: '1' }))).toEqual(['QX001', 'QX002', 'QX005']);
    expect(codes(await search({ key: '趣', sex: '2' }))).toEqual(['QX001', 'QX003', 'QX005']);
  });

  it('keeps to the unions of a package when one is given', async () => {
    const list = await search({ package_id: packageId });
    expect(list.map((u) => u.union_code)).toEqual(['QX001', 'QX003']);
    expect(codes(await search({ package_id: packageId, sex: '1' }))).toEqual(['QX001']);
  });

  it('takes blank filters as no filter', async () => {
    expect(codes(await search({ key: '趣', sex: '', package_id: '' }))).toEqual(['QX001', 'QX002', 'QX003', 'QX005']);
  });

  it('answers at most 50 unions', async () => {
    await db()
      .insert(unions)
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          unionCode: `QXB${String(i).padStart(2, '0')}`,
          unionName: `趣批量${i}`,
          deptId,
          price: '1',
          sort: 100 + i,
        })),
      );
    const list = await search({ key: '趣批量' });
    expect(list).toHaveLength(50);
    expect(list[0]?.union_code).toBe('QXB00');
  });

  it.each([
    [{ sex: '3' }, '性别只能是1（男）或2（女）'],
    [{ package_id: 'abc' }, '套餐ID格式不正确'],
    [{ package_id: '0' }, '套餐ID格式不正确'],
    [{ key: 'k'.repeat(33) }, '搜索关键字不能超过32个字符'],
  ])('refuses %j with %s', async (query, msg) => {
    expect((await admin.get(UNION_LIST, query)).json()).toEqual({ status: 400, data: null, msg });
  });

  it('is closed to callers without a session', async () => {
    expect((await server.app.inject({ method: 'GET', url: `${UNION_LIST}?key=趣` })).statusCode).toBe(401);
  });
});
