import { describe, expect, it } from 'vitest';
import { idListField } from '../resource/form-fields.js';
import { ruleConditionsField, ruleSuggests, type DiagnosisRule } from './diagnosis-rule.js';

const messageOf = (input: unknown) => {
  const parsed = ruleConditionsField.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('the conditions of a suggestion rule', () => {
  it('takes JSON text or a list, trimmed, and none when blank', () => {
    expect(ruleConditionsField.parse('')).toEqual([]);
    expect(ruleConditionsField.parse('[{"item_id":"5","op":"contains","value":" 阳性 "}]')).toEqual([
      { item_id: 5, op: 'contains', value: '阳性' },
    ]);
  });

  it('names the condition that is wrong, and allows 15 at most', () => {
    expect(messageOf('[1,')).toBe('判断条件格式不正确');
    expect(messageOf([{ op: 'gt', value: '1' }])).toBe('第1条条件请选择项目');
    expect(
      messageOf([
        { item_id: 1, op: 'gt', value: '1' },
        { item_id: 1, op: '≈', value: '1' },
      ]),
    ).toBe('第2条条件请选择比较方式');
    expect(messageOf([{ item_id: 1, op: 'le', value: '偏高' }])).toBe('第1条条件的比较值应为数字');
    expect(messageOf([{ item_id: 1, op: 'eq', value: '' }])).toBe('第1条条件请填写比较值');
    expect(messageOf(Array.from({ length: 16 }, () => ({ item_id: 1, op: 'gt', value: '1' })))).toBe(
      '判断条件最多15条',
    );
  });
});

describe('whether a rule suggests its word', () => {
  const rule: DiagnosisRule = {
    rule_join: 'or',
    rule_conditions: [
      { item_id: 1, op: 'ge', value: '140' },
      { item_id: 2, op: 'ge', value: '90' },
    ],
    rule_gender: '0',
    rule_age_min: 18,
    rule_age_max: null,
  };
  const adult = { sex: '1' as const, age: 45 };

  it('joins the conditions with 或者 or 并且', () => {
    expect(ruleSuggests(rule, [{ item_id: 2, value: '95' }], adult)).toBe(true);
    expect(ruleSuggests({ ...rule, rule_join: 'and' }, [{ item_id: 2, value: '95' }], adult)).toBe(false);
    expect(ruleSuggests(rule, [{ item_id: 1, value: '未测' }], adult)).toBe(false);
  });

  it('keeps to its sex and ages, and tells 包含 from 不包含', () => {
    expect(ruleSuggests(rule, [{ item_id: 1, value: '150' }], { sex: '1', age: 16 })).toBe(false);
    expect(ruleSuggests({ ...rule, rule_gender: '2' }, [{ item_id: 1, value: '150' }], adult)).toBe(false);
    const finding: DiagnosisRule = { ...rule, rule_conditions: [{ item_id: 3, op: 'not_contains', value: '未见' }] };
    expect(ruleSuggests(finding, [{ item_id: 3, value: '脂肪肝' }], adult)).toBe(true);
    expect(ruleSuggests(finding, [{ item_id: 3, value: '未见异常' }], adult)).toBe(false);
  });
});

describe('ids chosen in a form', () => {
  it('takes one id sent as a plain key, as a form sends a list of one', () => {
    expect(idListField('互斥的组合项目').parse('7')).toEqual([7]);
    expect(idListField('互斥的组合项目').parse(['7', '9'])).toEqual([7, 9]);
  });
});
