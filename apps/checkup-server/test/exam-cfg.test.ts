import { beforeAll, describe, expect, it } from 'vitest';
import {
  departmentResource,
  diagnosisResource,
  examItemResource,
  packageListRoute,
  packageResource,
  unionListByKeyRoute,
  unionResource,
  workGroupResource,
} from '@checkup/api-contract';
import { eq } from 'drizzle-orm';
import {
  departments,
  examItems,
  itemDiagRules,
  orderUnions,
  packageUnions,
  unionItems,
  unions,
  workGroups,
} from '../src/db/schema.js';
import { staffSession } from './support/access.js';
import { addOrder, callerFor } from './support/domain.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { describeResource } from './support/resource-suite.js';

/** 体检配置 (issue 18): each resource's generated suite, on one database per run target. */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  /** Rows of the demo catalogue the fixtures refer to. */
  const seeded = { deptId: 0, itemIds: [] as number[], unionIds: [] as number[], maleUnionId: 0 };

  beforeAll(async () => {
    const [dept] = await db().select({ id: departments.id }).from(departments).limit(1);
    seeded.deptId = dept!.id;
    seeded.itemIds = (await db().select({ id: examItems.id }).from(examItems).limit(3)).map((r) => r.id);
    seeded.unionIds = (await db().select({ id: unions.id }).from(unions).limit(2)).map((r) => r.id);
  });

  describeResource(server, departmentResource, {
    valid: (n) => ({ dept_code: `T${n}`, dept_name: `测试科室${n}号`, dept_type: 'lab', sort: String(n % 97) }),
    invalid: [
      { form: { dept_code: '', dept_name: '内科', dept_type: 'check' }, message: '请填写科室编码' },
      {
        form: { dept_code: 'N K', dept_name: '内科', dept_type: 'check' },
        message: '科室编码只能包含字母、数字、-和_',
      },
      { form: { dept_code: 'NK2', dept_name: '内科', dept_type: 'ward' }, message: '请选择科室类型' },
      {
        form: { dept_code: 'NK3', dept_name: '内科', dept_type: 'check', sort: '-1' },
        message: '排序应在0到99999之间',
      },
    ],
    filterFor: (n) => ({ key: `科室${n}号` }),
    reference: async (db, id) => {
      await db.insert(workGroups).values({ deptId: id, groupName: '测试组' });
    },
  });

  describeResource(server, workGroupResource, {
    valid: (n) => ({ dept_id: String(seeded.deptId), group_name: `测试组${n}号`, is_imaging: '0', sort: '1' }),
    invalid: [
      { form: { dept_id: '1', group_name: '' }, message: '请填写工作组名称' },
      { form: { dept_id: '', group_name: '一组' }, message: '请选择科室' },
    ],
    filterFor: (n) => ({ key: `测试组${n}号` }),
    unique: false,
    reference: async (database, id) => {
      await database.update(unions).set({ workGroupId: id }).where(eq(unions.id, seeded.unionIds[0]!));
    },
  });

  describeResource(server, examItemResource, {
    valid: (n) => ({
      item_code: `I${n}`,
      item_name: `测试项目${n}号`,
      dept_id: String(seeded.deptId),
      result_type: 'number',
      unit: 'mmol/L',
      ref_low_male: '3.9',
      ref_high_male: '6.1',
      critical_high: '25',
    }),
    invalid: [
      { form: { item_code: 'I1', item_name: '', dept_id: '1', result_type: 'number' }, message: '请填写项目名称' },
      {
        form: {
          item_code: 'I2',
          item_name: '血糖',
          dept_id: '1',
          result_type: 'number',
          ref_low_male: '7',
          ref_high_male: '3',
        },
        message: '男参考下限不能高于上限',
      },
      { form: { item_code: 'I3', item_name: '血糖', dept_id: '1', result_type: 'ratio' }, message: '请选择结果类型' },
      {
        form: { item_code: 'I4', item_name: '血糖', dept_id: '1', result_type: 'number', critical_high: '高' },
        message: '危急值上限应为数字，最多四位小数',
      },
    ],
    filterFor: (n) => ({ key: `测试项目${n}号` }),
    reference: async (database, id) => {
      await database.insert(unionItems).values({ unionId: seeded.unionIds[0]!, itemId: id });
    },
  });

  describeResource(server, unionResource, {
    valid: (n) => ({
      union_code: `U${n}`,
      union_name: `测试组合${n}号`,
      dept_id: String(seeded.deptId),
      price: '35.5',
      gender_limit: '0',
      item_ids: JSON.stringify(seeded.itemIds),
      mutex_ids: JSON.stringify([seeded.unionIds[0]]),
    }),
    invalid: [
      {
        form: { union_code: 'U1', union_name: '血常规', dept_id: '1', gender_limit: '0', price: '-1' },
        message: '价格应为不小于0的金额，最多两位小数',
      },
      {
        form: { union_code: 'U2', union_name: '血常规', dept_id: '1', gender_limit: '3', price: '1' },
        message: '请选择适用性别',
      },
      {
        form: { union_code: 'U3', union_name: '血常规', dept_id: '1', gender_limit: '0', price: '1', item_ids: '[1,' },
        message: '包含的基础项目格式不正确',
      },
    ],
    filterFor: (n) => ({ key: `测试组合${n}号` }),
    reference: async (database, id) => {
      const [pkg] = await database.select({ id: packageUnions.packageId }).from(packageUnions).limit(1);
      await database.insert(packageUnions).values({ packageId: pkg!.id, unionId: id });
    },
  });

  describeResource(server, packageResource, {
    valid: (n) => ({
      package_code: `P${n}`,
      package_name: `测试套餐${n}号`,
      gender_limit: '0',
      price: '199',
      age_min: '18',
      age_max: '60',
      union_ids: JSON.stringify(seeded.unionIds),
    }),
    invalid: [
      {
        form: { package_code: 'P1', package_name: '入职', gender_limit: '0', price: '100', union_ids: '[]' },
        message: '请选择套餐包含的组合项目',
      },
      {
        form: {
          package_code: 'P2',
          package_name: '入职',
          gender_limit: '0',
          price: '100',
          union_ids: '[1]',
          age_min: '60',
          age_max: '18',
        },
        message: '最小年龄不能大于最大年龄',
      },
      {
        form: { package_code: 'P3', package_name: '入职', gender_limit: '0', price: '1.234', union_ids: '[1]' },
        message: '套餐价格应为不小于0的金额，最多两位小数',
      },
    ],
    filterFor: (n) => ({ key: `测试套餐${n}号` }),
  });

  describeResource(server, diagnosisResource, {
    valid: (n) => ({
      diag_code: `DG${n}`,
      diag_name: `测试诊断${n}号`,
      pinyin: 'csz',
      dept_id: String(seeded.deptId),
      advice: '定期复查',
      serious_type: '0',
    }),
    invalid: [
      { form: { diag_code: 'DG1', diag_name: '', serious_type: '0' }, message: '请填写诊断名称' },
      { form: { diag_code: 'DG2', diag_name: '脂肪肝', serious_type: '9' }, message: '请选择重要程度' },
    ],
    filterFor: (n) => ({ key: `测试诊断${n}号` }),
    reference: async (database, id) => {
      await database
        .insert(itemDiagRules)
        .values({ itemId: seeded.itemIds[0]!, direction: 'L', diagId: id })
        .onConflictDoNothing();
    },
  });

  describe('a change takes effect where it is used, without a restart', () => {
    const keeper = async (menu: string[]) =>
      callerFor(server, await staffSession(db(), `cfg_${menu.join('_')}_${Date.now()}`, menu));

    it('offers a new package in 快速登记 with its price and unions, and no longer once disabled', async () => {
      const pkgCfg = await keeper(['exam_cfg/pkg_cfg']);
      const clerk = await keeper(['exam_mg/order_quick_register']);
      const saved = await pkgCfg.post(packageResource.routes.save.path, {
        package_code: 'PKG-NEW',
        package_name: '新员工入职套餐',
        gender_limit: '1',
        price: '88.80',
        union_ids: JSON.stringify(seeded.unionIds),
      });
      expect(saved.json()).toMatchObject({ status: 200, data: { price: '88.80', union_ids: seeded.unionIds } });
      const offered = async () =>
        (
          (await clerk.get(packageListRoute.path, { sex: '1' })).json().data as {
            package_code: string;
            price: string;
            unions: unknown[];
          }[]
        ).find((p) => p.package_code === 'PKG-NEW');
      expect(await offered()).toMatchObject({ price: '88.80', unions: expect.arrayContaining([expect.anything()]) });
      await pkgCfg.post(packageResource.routes.enable.path, { id: saved.json().data.id, enabled: '0' });
      expect(await offered()).toBeUndefined();
    });

    it('refuses a package for one sex holding a union for the other', async () => {
      const pkgCfg = await keeper(['exam_cfg/pkg_cfg']);
      const [female] = await db()
        .select({ id: unions.id, name: unions.unionName })
        .from(unions)
        .where(eq(unions.genderLimit, '2'))
        .limit(1);
      const res = await pkgCfg.post(packageResource.routes.save.path, {
        package_code: 'PKG-MALE',
        package_name: '男士套餐',
        gender_limit: '1',
        price: '100',
        union_ids: JSON.stringify([female!.id]),
      });
      expect(res.json()).toMatchObject({
        status: 400,
        msg: `套餐适用性别与组合项目「${female!.name}」的性别限制不一致`,
      });
    });

    it('keeps a mutual exclusion both ways, and no longer offers a disabled union', async () => {
      const unionCfg = await keeper(['exam_cfg/union_cfg']);
      const clerk = await keeper(['exam_mg/order_quick_register']);
      const [a] = seeded.unionIds;
      const saved = await unionCfg.post(unionResource.routes.save.path, {
        union_code: 'U-MUTEX',
        union_name: '胸部CT',
        dept_id: String(seeded.deptId),
        price: '260',
        gender_limit: '0',
        mutex_ids: JSON.stringify([a]),
      });
      const id = saved.json().data.id as number;
      expect((await unionCfg.get(unionResource.routes.detail.path, { id: a! })).json().data.mutex_ids).toContain(id);
      const offered = async () =>
        ((await clerk.get(unionListByKeyRoute.path, { key: 'U-MUTEX' })).json().data as { id: number }[]).map(
          (u) => u.id,
        );
      expect(await offered()).toEqual([id]);
      await unionCfg.post(unionResource.routes.enable.path, { id, enabled: '0' });
      expect(await offered()).toEqual([]);
    });

    it('judges the next result by a changed reference range', async () => {
      const itemCfg = await keeper(['exam_cfg/item_cfg']);
      const doctor = await keeper(['exam_mg/dept_diag_detail']);
      const [wbc] = await db().select().from(examItems).where(eq(examItems.itemCode, 'WBC'));
      const [xcg] = await db().select().from(unions).where(eq(unions.unionCode, 'XCG'));
      const orderId = await addOrder(db(), { status: 'in_exam', depts: [{ deptId: xcg!.deptId, status: '0' }] });
      await db()
        .insert(orderUnions)
        .values({ orderId, unionId: xcg!.id, deptId: xcg!.deptId, price: xcg!.price, origin: 'extra' });
      const save = async () =>
        (
          await doctor.post('/manager/api/departmentdiagnosis/diagnosis_union_save', {
            order_id: orderId,
            exam_dept_id: xcg!.deptId,
            results: JSON.stringify([{ item_id: wbc!.id, result_value: '9.0' }]),
            summary: '[]',
            diag_list: '[]',
          })
        )
          .json()
          .data.unions[0].items.find((i: { item_id: number }) => i.item_id === wbc!.id).abnormal_flag;
      expect(await save()).toBe('');
      const detail = (await itemCfg.get(examItemResource.routes.detail.path, { id: wbc!.id })).json().data;
      const changed = await itemCfg.post(examItemResource.routes.save.path, {
        ...Object.fromEntries(
          Object.entries(detail)
            .filter(([, v]) => v !== null)
            .map(([k, v]) => [k, String(v)]),
        ),
        ref_high_male: '8.5',
        id: String(wbc!.id),
        version: String(detail.version),
      });
      expect(changed.json()).toMatchObject({ status: 200, data: { ref_high_male: '8.5' } });
      expect(await save()).toBe('H');
    });
  });
});
