import { describe, expect, it } from 'vitest';
import { departmentResource, usClassifyResource, usItemResource, usSignResource } from '@checkup/api-contract';
import { usItems, usSigns } from '../../src/db/schema.js';
import { describeResource } from '../support/resource-suite.js';
import type { FormsContext } from './context.js';

/** 超声配置: the body-part tree, the items and their sign words. */
export function describeUltrasound({ server, seeded, as }: FormsContext) {
  describeResource(server, usClassifyResource, {
    valid: (n) => ({
      classify_name: `测试分类${n}号`,
      name_en: 'Liver',
      parent_id: String(seeded.classifyId),
      sort: '1',
    }),
    invalid: [
      { form: { classify_name: '' }, message: '请填写分类名称' },
      { form: { classify_name: '肝胆', parent_id: 'x' }, message: '父级格式不正确' },
      { form: { classify_name: '肝胆', sort: '-3' }, message: '排序应在0到99999之间' },
    ],
    filterFor: (n) => ({ key: `测试分类${n}号` }),
    unique: false,
    reference: async (database, id) => {
      await database
        .insert(usItems)
        .values({ itemName: `引用分类${id}`, inputCode: 'YY', classifyId: id, deptId: seeded.deptId });
    },
  });

  describeResource(server, usItemResource, {
    valid: (n) => ({
      item_name: `测试超声${n}号`,
      input_code: `CS${n}`,
      gender_limit: '0',
      classify_id: String(seeded.classifyId),
      dept_id: String(seeded.deptId),
      sort: '1',
    }),
    invalid: [
      {
        form: { item_name: '', input_code: 'GZ', gender_limit: '0', classify_id: '1', dept_id: '1' },
        message: '请填写项目名称',
      },
      {
        form: { item_name: '肝脏', input_code: '肝', gender_limit: '0', classify_id: '1', dept_id: '1' },
        message: '输入码只能包含字母和数字',
      },
      { form: { item_name: '肝脏', input_code: 'GZ', gender_limit: '0', dept_id: '1' }, message: '请选择分类' },
      { form: { item_name: '肝脏', input_code: 'GZ', gender_limit: '0', classify_id: '1' }, message: '请选择科室' },
    ],
    filterFor: (n) => ({ key: `测试超声${n}号` }),
    reference: async (database, id) => {
      await database.insert(usSigns).values({ usItemId: id, signName: '正常', description: '未见异常。' });
    },
  });

  describeResource(server, usSignResource, {
    valid: (n) => ({
      us_item_id: String(seeded.usItemId),
      sign_name: `测试体征${n}号`,
      is_positive: '1',
      description: '肝脏大小正常，实质回声细密增强。',
      conclusion: '脂肪肝',
      serious_type: '0',
      is_default: '0',
      sort: '2',
    }),
    invalid: [
      { form: { us_item_id: '1', sign_name: '', description: '正常。', serious_type: '0' }, message: '请填写体征名称' },
      { form: { us_item_id: '1', sign_name: '正常', description: '', serious_type: '0' }, message: '请填写描述' },
      {
        form: { us_item_id: '1', sign_name: '脂肪肝', description: '回声增强。', serious_type: '0', is_positive: '1' },
        message: '阳性体征请填写结论词',
      },
      {
        form: { us_item_id: '1', sign_name: '正常', description: '正常。', serious_type: '5' },
        message: '请选择重症级',
      },
    ],
    filterFor: (n) => ({ key: `测试体征${n}号` }),
  });

  describe('超声分类 tree', () => {
    it('refuses to remove a node that still has children, with the reason, and removes it once they are gone', async () => {
      const caller = await as('exam_cfg/ultrasonic_cfg/classify');
      const save = (fields: Record<string, string>) =>
        caller.post(usClassifyResource.routes.save.path, fields).then((r) => r.json().data);
      const root = await save({ classify_name: '浅表器官' });
      const child = await save({ classify_name: '甲状腺', parent_id: String(root.id) });
      expect((await caller.get(usClassifyResource.routes.detail.path, { id: root.id })).json().data).toMatchObject({
        child_count: 1,
      });
      const refused = await caller.post(usClassifyResource.routes.remove.path, { id: root.id, version: root.version });
      expect([refused.statusCode, refused.json().msg]).toEqual([
        409,
        '该分类下还有1个下级分类，请先删除或移走下级分类',
      ]);
      const listed = (await caller.get(usClassifyResource.routes.list.path, { parent_id: root.id })).json().data;
      expect(listed.list.map((r: { classify_name: string; parent_name: string }) => r.parent_name)).toEqual([
        '浅表器官',
      ]);

      expect((await caller.post(usClassifyResource.routes.remove.path, { id: child.id })).json().status).toBe(200);
      expect((await caller.post(usClassifyResource.routes.remove.path, { id: root.id })).json().status).toBe(200);
    });

    it('refuses to move a node below itself', async () => {
      const caller = await as('exam_cfg/ultrasonic_cfg/classify');
      const root = (await caller.post(usClassifyResource.routes.save.path, { classify_name: '腹部' })).json().data;
      const child = (
        await caller.post(usClassifyResource.routes.save.path, { classify_name: '肝胆', parent_id: String(root.id) })
      ).json().data;
      const moved = await caller.post(usClassifyResource.routes.save.path, {
        id: root.id,
        version: root.version,
        classify_name: '腹部',
        parent_id: String(child.id),
      });
      expect([moved.statusCode, moved.json().msg]).toEqual([400, '父级不能是本分类或其下级分类']);
    });
  });

  describe('所见描述', () => {
    it('has the demo templates of 肝脏, 胆囊 and 甲状腺, each with its normal word as default', async () => {
      const caller = await as('exam_cfg/ultrasonic_cfg/item_symptom');
      for (const name of ['肝脏', '胆囊', '甲状腺']) {
        const signs = (await caller.get(usSignResource.routes.list.path, { key: name, size: 50 })).json().data.list;
        const defaults = signs.filter(
          (s: { item_name: string; is_default: boolean }) => s.item_name === name && s.is_default,
        );
        expect([name, defaults.length]).toEqual([name, 1]);
      }
    });

    it('keeps one default word per item: a new default takes the old one’s place', async () => {
      const caller = await as('exam_cfg/ultrasonic_cfg/item_symptom');
      const base = {
        us_item_id: String(seeded.usItemId),
        is_positive: '0',
        serious_type: '0',
        description: '未见异常。',
      };
      const first = (
        await caller.post(usSignResource.routes.save.path, { ...base, sign_name: '正常甲', is_default: '1' })
      ).json().data;
      await caller.post(usSignResource.routes.save.path, { ...base, sign_name: '正常乙', is_default: '1' });
      expect((await caller.get(usSignResource.routes.detail.path, { id: first.id })).json().data.is_default).toBe(
        false,
      );
    });
  });

  it('lets 超声项目 read the departments and classes its form picks from, and 所见描述 the items', async () => {
    const items = await as('exam_cfg/ultrasonic_cfg/item');
    expect((await items.get(departmentResource.routes.list.path)).json().status).toBe(200);
    expect((await items.get(usClassifyResource.routes.list.path)).json().status).toBe(200);
    const signs = await as('exam_cfg/ultrasonic_cfg/item_symptom');
    expect((await signs.get(usItemResource.routes.list.path)).json().status).toBe(200);
  });
}
