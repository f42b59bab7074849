import { beforeAll, describe, expect, it } from 'vitest';
import {
  hisChangeHandleRoute,
  hisChangeResource,
  hisMessageResource,
  hisStatusRoute,
  questionResource,
  questionnaireResource,
  usClassifyResource,
  usItemResource,
  usSignResource,
} from '@checkup/api-contract';
import { and, count, eq } from 'drizzle-orm';
import {
  auditLog,
  departments,
  hisChanges,
  hisMessages,
  parameters,
  questionnaireQuestions,
  questionnaires,
  unions,
  usClassifies,
  usItems,
  usSigns,
} from '../src/db/schema.js';
import { staffSession } from './support/access.js';
import { callerFor } from './support/domain.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { describeResource } from './support/resource-suite.js';

/** 体检配置's ultrasound templates, questionnaires and HIS screens (issue 18 §2): one database per run target. */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  const seeded = { deptId: 0, classifyId: 0, usItemId: 0, questionnaireId: 0, unionId: 0 };

  beforeAll(async () => {
    const [dept] = await db().select({ id: departments.id }).from(departments).limit(1);
    seeded.deptId = dept!.id;
    const [classify] = await db().insert(usClassifies).values({ classifyName: '测试部位' }).returning();
    seeded.classifyId = classify!.id;
    const [item] = await db()
      .insert(usItems)
      .values({ itemName: '测试脏器', inputCode: 'CSZQ', classifyId: classify!.id, deptId: dept!.id })
      .returning();
    seeded.usItemId = item!.id;
    const [qn] = await db().insert(questionnaires).values({ qnName: '测试问卷' }).returning();
    seeded.questionnaireId = qn!.id;
    seeded.unionId = (await db().select({ id: unions.id }).from(unions).limit(1))[0]!.id;
  });

  const as = async (screen: string) =>
    callerFor(server, await staffSession(db(), `forms_${screen.replace(/\W/g, '_')}_${Date.now()}`, [screen]));

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

  describeResource(server, questionnaireResource, {
    valid: (n) => ({ qn_name: `测试问卷${n}号`, gender_limit: '0', age_min: '18', age_max: '70', sort: '1' }),
    invalid: [
      { form: { qn_name: '', gender_limit: '0' }, message: '请填写问卷名称' },
      {
        form: { qn_name: '问卷', gender_limit: '0', age_min: '60', age_max: '20' },
        message: '最小年龄不能大于最大年龄',
      },
      { form: { qn_name: '问卷', gender_limit: '4' }, message: '请选择适用性别' },
    ],
    filterFor: (n) => ({ key: `测试问卷${n}号` }),
    reference: async (database, id) => {
      await database
        .insert(questionnaireQuestions)
        .values({ questionnaireId: id, questionCode: 'R1', title: '引用', questionType: 'text' });
    },
  });

  const options = (...list: object[]) => JSON.stringify(list);
  const yesNo = options({ code: 'A', content: '是', next_code: null, union_ids: [] }, { code: 'B', content: '否' });

  describeResource(server, questionResource, {
    valid: (n) => ({
      questionnaire_id: String(seeded.questionnaireId),
      question_code: `Q${n}`,
      title: `测试题目${n}号`,
      question_type: 'single',
      options: yesNo,
      sort: String(n % 100),
    }),
    invalid: [
      {
        form: { questionnaire_id: '1', question_code: 'Q1', title: '', question_type: 'text' },
        message: '请填写题目',
      },
      {
        form: { questionnaire_id: '1', question_code: 'Q1', title: '吸烟？', question_type: 'single', options: '[]' },
        message: '单选题和多选题至少需要两个选项',
      },
      {
        form: {
          questionnaire_id: '1',
          question_code: 'Q1',
          title: '吸烟？',
          question_type: 'single',
          options: options({ code: '', content: '是' }, { code: 'B', content: '否' }),
        },
        message: '请填写选项编码',
      },
      {
        form: { questionnaire_id: '1', question_code: 'Q1', title: '用药', question_type: 'text', options: yesNo },
        message: '填空题不需要选项',
      },
      {
        form: {
          questionnaire_id: '1',
          question_code: 'Q1',
          title: '吸烟？',
          question_type: 'multi',
          options: options({ code: 'A', content: '是' }, { code: 'A', content: '否' }),
        },
        message: '选项编码不能重复',
      },
    ],
    filterFor: (n) => ({ key: `测试题目${n}号` }),
  });

  describe('问卷 branching', () => {
    it('refuses an option whose next question does not exist, and keeps a question others branch to', async () => {
      const caller = await as('exam_cfg/questionnaire_cfg_detail');
      const qn = (await db().insert(questionnaires).values({ qnName: '分支问卷' }).returning())[0]!;
      const save = (fields: Record<string, string>) =>
        caller.post(questionResource.routes.save.path, { questionnaire_id: String(qn.id), ...fields });
      const smoke = (next: string) => ({
        question_code: 'S1',
        title: '您是否吸烟？',
        question_type: 'single',
        options: options(
          { code: 'A', content: '是', next_code: next, union_ids: [seeded.unionId] },
          { code: 'B', content: '否' },
        ),
      });
      const missing = await save(smoke('S2'));
      expect([missing.statusCode, missing.json().msg]).toEqual([
        400,
        '选项“A”的下一题编码“S2”在本问卷中不存在，请先添加该题目',
      ]);
      const amount = (await save({ question_code: 'S2', title: '每天几支？', question_type: 'text' })).json().data;
      const first = await save(smoke('S2'));
      expect(first.json().data.options[0]).toEqual({
        code: 'A',
        content: '是',
        next_code: 'S2',
        union_ids: [seeded.unionId],
      });

      const renamed = await save({
        id: String(amount.id),
        version: '1',
        question_code: 'S9',
        title: '每天几支？',
        question_type: 'text',
      });
      expect([renamed.statusCode, renamed.json().msg]).toEqual([
        400,
        '题目“S1”的选项“A”跳转到“S2”，不能修改或删除该题目编码',
      ]);
      const removed = await caller.post(questionResource.routes.remove.path, { id: amount.id });
      expect([removed.statusCode, removed.json().msg]).toEqual([409, '题目“S1”的选项跳转到本题，请先修改该选项再删除']);

      const questions = (await caller.get(questionResource.routes.list.path, { questionnaire_id: qn.id })).json().data;
      expect(questions.list.map((q: { question_code: string }) => q.question_code).sort()).toEqual(['S1', 'S2']);
    });

    it('has the demo health questionnaire with six questions', async () => {
      const caller = await as('exam_cfg/questionnaire_cfg');
      const found = (await caller.get(questionnaireResource.routes.list.path, { key: '健康体检问卷' })).json().data;
      expect(found.list[0]).toMatchObject({ qn_name: '健康体检问卷（成人）', question_count: 6 });
    });
  });

  describeResource(server, hisMessageResource, {
    valid: () => ({}),
    invalid: [],
    insert: async (database, n) => {
      await database.insert(hisMessages).values({
        interfaceName: `检查申请${n}号`,
        examNo: `T${n}`,
        msgType: 'ORM^O01',
        status: 'error',
        direction: 'out',
        callMode: 'webservice',
        requestText: '<MSH/>',
        responseText: '超时',
      });
    },
    filterFor: (n) => ({ key: `检查申请${n}号` }),
  });

  describeResource(server, hisChangeResource, {
    valid: () => ({}),
    invalid: [],
    insert: async (database, n) => {
      await database.insert(hisChanges).values({ examNo: `C${n}`, changeType: 'add', content: `加项：测试${n}号` });
    },
    filterFor: (n) => ({ key: `C${n}` }),
  });

  describe('HIS变更处理', () => {
    const addChange = async () =>
      (
        await db()
          .insert(hisChanges)
          .values({ examNo: `H${Date.now()}`, customerName: '张三', changeType: 'refund', content: '退项：胸部CT' })
          .returning()
      )[0]!;
    const handleAudits = async (id: number) =>
      Number(
        (
          await db()
            .select({ n: count() })
            .from(auditLog)
            .where(and(eq(auditLog.action, 'his_change_handle'), eq(auditLog.target, `his_change:${id}`)))
        )[0]!.n,
      );

    it('says no HIS is configured, and refuses 重发 until one is, while 处理 and 忽略 close a change with an audit row', async () => {
      const caller = await as('exam_cfg/his_sync/his_change_handling');
      expect((await caller.get(hisStatusRoute.path)).json().data).toEqual({ configured: false, interface_name: null });

      const change = await addChange();
      const resend = await caller.post(hisChangeHandleRoute.path, { id: change.id, version: 1, action: 'resend' });
      expect([resend.statusCode, resend.json().msg]).toEqual([
        409,
        '未配置HIS接口，不能重发；可先“处理”（已在HIS中手工处理）或“忽略”',
      ]);
      const handled = await caller.post(hisChangeHandleRoute.path, {
        id: change.id,
        version: 1,
        action: 'handle',
        note: '已在HIS退费',
      });
      expect(handled.json().data).toMatchObject({ state: 'handled', note: '已在HIS退费', version: 2 });
      expect(handled.json().data.updated_by_name).toBeTruthy();
      expect(await handleAudits(change.id)).toBe(1);
      const again = await caller.post(hisChangeHandleRoute.path, { id: change.id, version: 2, action: 'ignore' });
      expect([again.statusCode, again.json().msg]).toEqual([409, '该HIS变更已处理，不能再忽略']);
      const stale = await caller.post(hisChangeHandleRoute.path, {
        id: (await addChange()).id,
        version: 3,
        action: 'ignore',
      });
      expect(stale.json().msg).toBe('该HIS变更已被他人处理，请刷新后重试');

      const other = await addChange();
      const ignored = await caller.post(hisChangeHandleRoute.path, { id: other.id, version: 1, action: 'ignore' });
      expect(ignored.json().data.state).toBe('ignored');
      expect(await handleAudits(other.id)).toBe(1);
    });

    it('queues a change for 重发 once a HIS is configured (parameter 0130), and refuses the action to other roles', async () => {
      await db()
        .insert(parameters)
        .values({
          paramCode: '0130',
          paramName: 'HIS接口',
          paramValue: { enabled: true, interface_name: '东华HIS', endpoint: 'http://his.example/ws' },
        });
      try {
        const caller = await as('exam_cfg/his_sync/his_msg');
        expect((await caller.get(hisStatusRoute.path)).json().data).toEqual({
          configured: true,
          interface_name: '东华HIS',
        });
        const keeper = await as('exam_cfg/his_sync/his_change_handling');
        const change = await addChange();
        expect(
          (await caller.post(hisChangeHandleRoute.path, { id: change.id, version: 1, action: 'resend' })).statusCode,
        ).toBe(403);
        const queued = await keeper.post(hisChangeHandleRoute.path, { id: change.id, version: 1, action: 'resend' });
        expect(queued.json().data.state).toBe('resend');
        // Still open: handled by hand after all.
        const done = await keeper.post(hisChangeHandleRoute.path, { id: change.id, version: 2, action: 'handle' });
        expect(done.json().data.state).toBe('handled');
      } finally {
        await db().delete(parameters).where(eq(parameters.paramCode, '0130'));
      }
    });
  });
});
