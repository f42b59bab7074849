import { beforeAll, describe, expect, it } from 'vitest';
import {
  diagnosisDetailResource,
  diagnosisItemResource,
  diagnosisMergeResource,
  healthGuidanceResource,
  unionResource,
} from '@checkup/api-contract';
import { eq } from 'drizzle-orm';
import { departments, diagnoses, examItems, unions } from '../src/db/schema.js';
import { staffSession } from './support/access.js';
import { callerFor } from './support/domain.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { describeResource } from './support/resource-suite.js';

/** The clinical 体检配置 screens around the diagnosis dictionary (issue 18 §2), on one database per target. */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  const seeded = { deptId: 0, itemIds: [] as number[], diagIds: [] as number[], unionIds: [] as number[] };
  const keeper = async (menu: string[]) =>
    callerFor(
      server,
      await staffSession(db(), `clin_${menu[0]!.split('/')[1]!.slice(0, 12)}_${Math.floor(Math.random() * 1e9)}`, menu),
    );

  beforeAll(async () => {
    const [dept] = await db().select({ id: departments.id }).from(departments).limit(1);
    seeded.deptId = dept!.id;
    seeded.itemIds = (await db().select({ id: examItems.id }).from(examItems).limit(3)).map((r) => r.id);
    seeded.diagIds = (await db().select({ id: diagnoses.id }).from(diagnoses).limit(4)).map((r) => r.id);
    seeded.unionIds = (await db().select({ id: unions.id }).from(unions).limit(3)).map((r) => r.id);
  });

  const detailForm = (n: number) => ({
    diag_code: `DD${n}`,
    diag_name: `详情诊断${n}号`,
    pinyin: 'xqzd',
    dept_id: String(seeded.deptId),
    serious_type: '1',
    to_summary: '1',
    is_common: '1',
    gender_limit: '0',
    advice: '建议复查',
    explanation: '疾病解释',
    diet_guidance: '少盐',
    rule_join: 'or',
    rule_conditions: JSON.stringify([
      { item_id: seeded.itemIds[0], op: 'ge', value: '6.1' },
      { item_id: seeded.itemIds[1], op: 'contains', value: '阳性' },
    ]),
    rule_gender: '0',
    rule_age_min: '18',
    rule_age_max: '80',
  });

  const early = (n: number) => ({ ...detailForm(n), dept_id: '', rule_conditions: '[]' });
  describeResource(server, diagnosisDetailResource, {
    valid: detailForm,
    // Forms of the refusals are built before the seeded ids are read: their rules name no item.
    invalid: [
      { form: { ...early(1), diag_name: '' }, message: '请填写诊断名称' },
      { form: { ...early(2), serious_type: '5' }, message: '请选择重症级' },
      { form: { ...early(3), rule_join: 'xor' }, message: '请选择条件关系' },
      {
        form: { ...early(4), rule_conditions: JSON.stringify([{ item_id: 1, op: 'gt', value: '高' }]) },
        message: '第1条条件的比较值应为数字',
      },
      {
        form: { ...early(5), rule_age_min: '60', rule_age_max: '18' },
        message: '规则适用最小年龄不能大于最大年龄',
      },
    ],
    filterFor: (n) => ({ key: `详情诊断${n}号` }),
  });

  const mergeForm = (n: number) => ({
    merge_name: `合并诊断${n}号`,
    input_code: `hb${n}`,
    advice: '总检建议',
    group_advice: '团检建议',
    member_ids: JSON.stringify(seeded.diagIds.slice(0, 2)),
  });
  describeResource(server, diagnosisMergeResource, {
    valid: mergeForm,
    invalid: [
      { form: { ...mergeForm(1), member_ids: '[1,2]', group_advice: '' }, message: '请填写团检建议' },
      { form: { ...mergeForm(2), member_ids: '[1]' }, message: '请至少选择两个要合并的诊断' },
      { form: { ...mergeForm(3), member_ids: '[1,2]', input_code: '' }, message: '请填写输入码' },
    ],
    filterFor: (n) => ({ key: `合并诊断${n}号` }),
  });

  // Each valid(n) names another pair, so the generated suite's records never collide.
  const linkForm = (n: number) => ({
    diag_id: String(seeded.diagIds[n % 4]),
    item_id: String(seeded.itemIds[n % 3]),
    sign_word: `体征${n}号`,
  });
  describeResource(server, diagnosisItemResource, {
    valid: linkForm,
    invalid: [
      { form: { item_id: '1' }, message: '请选择诊断' },
      { form: { diag_id: '1', item_id: 'x' }, message: '基础项目格式不正确' },
    ],
    filterFor: (n) => ({ key: `体征${n}号` }),
  });

  const guidanceForm = (n: number) => ({
    category: 'diet',
    title: `测试指导${n}号`,
    content: '少吃油炸食品',
    keywords: '血脂',
    sort: '3',
  });
  describeResource(server, healthGuidanceResource, {
    valid: guidanceForm,
    invalid: [
      { form: { ...guidanceForm(1), content: '' }, message: '请填写指导内容' },
      { form: { ...guidanceForm(2), category: 'sleep' }, message: '请选择指导分类' },
    ],
    filterFor: (n) => ({ key: `测试指导${n}号` }),
  });

  describe('what the clinical screens add', () => {
    it('keeps a union exclusion both ways: added on one side, shown and removed on the other', async () => {
      const mutexCfg = await keeper(['exam_cfg/mutex_cfg']);
      const [a, b] = seeded.unionIds as [number, number];
      const formOf = async (id: number) => {
        const row = (await mutexCfg.get(unionResource.routes.detail.path, { id })).json().data;
        const { dept_name: _d, enabled: _e, updated_at: _u, updated_by_name: _n, ...rest } = row;
        return Object.fromEntries(
          Object.entries(rest).map(([k, v]) => [k, Array.isArray(v) ? JSON.stringify(v) : v === null ? '' : String(v)]),
        );
      };
      const withMutex = (form: Record<string, string>, ids: number[]) => ({ ...form, mutex_ids: JSON.stringify(ids) });
      const added = await mutexCfg.post(unionResource.routes.save.path, withMutex(await formOf(a), [b]));
      expect(added.json()).toMatchObject({ status: 200, data: { mutex_ids: [b] } });
      expect((await mutexCfg.get(unionResource.routes.detail.path, { id: b })).json().data.mutex_ids).toContain(a);
      // Removed from B's side, A no longer excludes B either.
      const fromB = await formOf(b);
      const others = (JSON.parse(fromB.mutex_ids!) as number[]).filter((id) => id !== a);
      expect((await mutexCfg.post(unionResource.routes.save.path, withMutex(fromB, others))).json().status).toBe(200);
      expect((await mutexCfg.get(unionResource.routes.detail.path, { id: a })).json().data.mutex_ids).not.toContain(b);
    });

    it('refuses a rule of more than 15 conditions, or naming an item that does not exist', async () => {
      const caller = await keeper(['exam_cfg/diag_cfg_detail']);
      const condition = { item_id: seeded.itemIds[0], op: 'lt', value: '3' };
      const many = await caller.post(diagnosisDetailResource.routes.save.path, {
        ...detailForm(9001),
        rule_conditions: JSON.stringify(Array.from({ length: 16 }, () => condition)),
      });
      expect([many.statusCode, many.json().msg]).toEqual([400, '判断条件最多15条']);
      const blank = await caller.post(diagnosisDetailResource.routes.save.path, {
        ...detailForm(9002),
        rule_conditions: JSON.stringify([condition, { item_id: seeded.itemIds[0], op: 'lt', value: '' }]),
      });
      expect(blank.json().msg).toBe('第2条条件请填写比较值');
      const gone = await caller.post(diagnosisDetailResource.routes.save.path, {
        ...detailForm(9003),
        rule_conditions: JSON.stringify([{ ...condition, item_id: 999_999 }]),
      });
      expect([gone.statusCode, gone.json().msg]).toEqual([400, '判断条件所选项目不存在或已被删除，请刷新后重选']);
    });

    it('shows a seeded word in full with its rule, and the dictionary still removes a word with a profile', async () => {
      const caller = await keeper(['exam_cfg/diag_cfg_detail']);
      const [glu] = await db().select().from(diagnoses).where(eq(diagnoses.diagCode, 'KFXTSG'));
      const row = (await caller.get(diagnosisDetailResource.routes.detail.path, { id: glu!.id })).json().data;
      expect(row).toMatchObject({ diag_name: '空腹血糖升高', is_common: true, to_summary: true, rule_join: 'and' });
      expect(row.rule_conditions).toEqual([{ item_id: expect.any(Number), op: 'ge', value: '6.1' }]);

      const saved = (await caller.post(diagnosisDetailResource.routes.save.path, detailForm(9004))).json().data;
      const dictionary = await keeper(['exam_cfg/diag_cfg']);
      const removed = await dictionary.post('/manager/api/examcfg/diagnosis/remove', { id: saved.id, version: 1 });
      expect(removed.json().status).toBe(200);
    });

    it('answers the merges a word belongs to, and refuses removing a word that is merged or linked', async () => {
      const caller = await keeper(['exam_cfg/diag_cfg_related']);
      const [zfg] = await db().select().from(diagnoses).where(eq(diagnoses.diagCode, 'ZFG'));
      const found = (await caller.get(diagnosisMergeResource.routes.list.path, { diag_id: zfg!.id })).json().data;
      expect(found.list.map((m: { merge_name: string }) => m.merge_name)).toContain('代谢异常');
      const merged = found.list.find((m: { merge_name: string }) => m.merge_name === '代谢异常');
      expect(merged.member_names).toEqual(['高脂血症', '脂肪肝']);
      const dictionary = await keeper(['exam_cfg/diag_cfg']);
      const refused = await dictionary.post('/manager/api/examcfg/diagnosis/remove', { id: zfg!.id });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().msg).toMatch(/已被\d+个(合并诊断|项目关联|体检诊断|诊断规则)使用/);
    });

    it("refuses the same word, item and sign word twice, and lists a chosen item's words", async () => {
      const caller = await keeper(['exam_cfg/function_dictionary_association_update']);
      const [glu] = await db().select().from(examItems).where(eq(examItems.itemCode, 'GLU'));
      const words = (await caller.get(diagnosisItemResource.routes.list.path, { item_id: glu!.id })).json().data;
      expect(words.list.map((l: { diag_name: string }) => l.diag_name)).toContain('空腹血糖升高');
      const link = { diag_id: String(words.list[0].diag_id), item_id: String(glu!.id) };
      const twice = await caller.post(diagnosisItemResource.routes.save.path, link);
      expect([twice.statusCode, twice.json().msg]).toEqual([400, '该诊断与此项目的关联已存在']);
    });
  });
});
