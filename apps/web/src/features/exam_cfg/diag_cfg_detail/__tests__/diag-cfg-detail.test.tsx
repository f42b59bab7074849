import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  departmentResource,
  diagnosisDetailResource,
  diagnosisItemResource,
  examItemResource,
} from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import DiagCfgDetail from '../index';

const word = {
  id: 9,
  diag_code: 'KFXTSG',
  diag_name: '空腹血糖升高',
  pinyin: 'kfxtsg',
  dept_id: null,
  dept_name: null,
  serious_type: '0',
  is_contagion: false,
  to_summary: true,
  is_common: true,
  gender_limit: '0',
  advice: '建议内分泌科就诊',
  explanation: null,
  life_guidance: '',
  diet_guidance: null,
  exercise_guidance: null,
  health_knowledge: null,
  rule_join: 'and',
  rule_conditions: [{ item_id: 5, op: 'ge', value: '6.1' }],
  rule_gender: '0',
  rule_age_min: null,
  rule_age_max: null,
  enabled: true,
  version: 2,
  updated_at: null,
  updated_by_name: null,
};
const empty = { list: [], total: 0, total_capped: false, page: 1, size: 50 };
const glu = { id: 5, item_code: 'GLU', item_name: '空腹血糖' };

/** 诊断字典详情: the rule's conditions, checked by the contract's schema and sent as JSON text. */
describe('诊断字典详情', () => {
  it("refuses a condition's value by the schema, then saves the rule at the version read", async () => {
    const server = fakeApi([
      [diagnosisDetailResource.routes.detail, () => word],
      [diagnosisDetailResource.routes.save, (input) => ({ ...word, ...input, version: 3 })],
      [diagnosisItemResource.routes.list, () => empty],
      [departmentResource.routes.list, () => empty],
      [examItemResource.routes.list, () => ({ ...empty, list: [glu], total: 1 })],
    ]);
    renderScreen(<DiagCfgDetail />, { route: '/manager/exam_cfg/diag_cfg_detail?id=9' });
    expect(await screen.findByText('诊断字典详情：空腹血糖升高')).toBeTruthy();
    const value = await screen.findByLabelText('第1条条件的比较值');
    fireEvent.change(value, { target: { value: '高' } });
    expect(await screen.findByText('第1条条件的比较值应为数字')).toBeTruthy();
    fireEvent.change(value, { target: { value: '7.0' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.calls(diagnosisDetailResource.routes.save)).toHaveLength(1));
    expect(server.calls(diagnosisDetailResource.routes.save)[0]).toMatchObject({
      id: 9,
      version: 2,
      rule_conditions: JSON.stringify([{ item_id: 5, op: 'ge', value: '7.0' }]),
    });
  });
});
