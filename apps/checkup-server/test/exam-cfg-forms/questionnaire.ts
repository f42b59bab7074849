import { describe, expect, it } from 'vitest';
import { questionResource, questionnaireResource, unionResource } from '@checkup/api-contract';
import { questionnaireQuestions, questionnaires } from '../../src/db/schema.js';
import { describeResource } from '../support/resource-suite.js';
import type { FormsContext } from './context.js';

/** 问卷配置: questionnaires, their questions and the options' branching. */
export function describeQuestionnaires({ server, seeded, as, db }: FormsContext) {
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

  it('lets a role with 问卷配置 read the unions an answer may recommend', async () => {
    const caller = await as('exam_cfg/questionnaire_cfg');
    expect((await caller.get(unionResource.routes.list.path, { key: '彩超' })).json().status).toBe(200);
  });
}
