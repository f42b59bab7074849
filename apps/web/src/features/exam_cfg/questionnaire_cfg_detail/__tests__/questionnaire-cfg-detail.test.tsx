import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { questionResource, questionnaireResource, unionResource } from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import QuestionnaireCfgDetail from '../index';

const record = { enabled: true, version: 1, updated_at: null, updated_by_name: null };
const qn = { ...record, id: 9, qn_name: '健康体检问卷（成人）', gender_limit: '0', age_min: 18, age_max: null };
const smoke = {
  ...record,
  id: 31,
  questionnaire_id: 9,
  question_code: 'Q1',
  title: '您是否吸烟？',
  question_type: 'single',
  options: [
    { code: 'A', content: '是', next_code: 'Q2', union_ids: [] },
    { code: 'B', content: '否', next_code: null, union_ids: [] },
  ],
  sort: 1,
};
const amount = {
  ...smoke,
  id: 32,
  question_code: 'Q2',
  title: '每天几支？',
  question_type: 'text',
  options: [],
  sort: 2,
};
const page = (list: unknown[]) => ({ list, total: list.length, total_capped: false, page: 1, size: 20 });

/** 问卷配置详情: one questionnaire's questions, and options that branch only to its own questions. */
describe('问卷配置详情', () => {
  it('lists the questionnaire’s questions with their branches and saves a new one with its options', async () => {
    const api = fakeApi([
      [questionnaireResource.routes.list, () => page([qn])],
      [questionResource.routes.list, () => page([smoke, amount])],
      [unionResource.routes.list, () => page([])],
      [questionResource.routes.save, (input) => ({ ...amount, ...input, id: 33 })],
    ]);
    renderScreen(<QuestionnaireCfgDetail />, { route: '/manager/exam_cfg/questionnaire_cfg_detail?id=9' });
    expect(await screen.findByText('问卷：健康体检问卷（成人）')).toBeTruthy();
    expect(await screen.findByText('A.是→Q2；B.否')).toBeTruthy();
    expect(api.calls(questionResource.routes.list)[0]).toMatchObject({ questionnaire_id: '9' });

    fireEvent.click(screen.getByRole('button', { name: /新增题目/ }));
    const form = screen.getByRole('form', { name: '题目' });
    fireEvent.change(within(form).getByLabelText('题目编码'), { target: { value: 'Q3' } });
    fireEvent.change(within(form).getByLabelText('题目'), { target: { value: '您是否饮酒？' } });
    fireEvent.click(within(form).getByRole('button', { name: /添加选项/ }));
    fireEvent.click(within(form).getByRole('button', { name: /添加选项/ }));
    fireEvent.change(within(form).getByLabelText('选项1内容'), { target: { value: '是' } });
    fireEvent.change(within(form).getByLabelText('选项2内容'), { target: { value: '否' } });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: '选项1下一题' }));
    fireEvent.click(await screen.findByText('Q2 每天几支？'));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

    await waitFor(() => expect(api.calls(questionResource.routes.save)).toHaveLength(1));
    expect(api.calls(questionResource.routes.save)[0]).toMatchObject({
      questionnaire_id: '9',
      question_code: 'Q3',
      question_type: 'single',
      options: [
        { code: 'A', content: '是', next_code: 'Q2', union_ids: [] },
        { code: 'B', content: '否', next_code: null, union_ids: [] },
      ],
    });
  });
});
