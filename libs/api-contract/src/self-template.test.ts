import { describe, expect, it } from 'vitest';
import { BARCODE_FIELDS, TEMPLATE_TYPES, TEMPLATE_TYPE_LABELS, saveSelfTemplateRoute } from './self-template.js';

const valid = { temp_type: 'barcode', temp_name: '条码', temp_config: '{"format":"CODE128"}' };
const messageOf = (change: Record<string, unknown>) =>
  saveSelfTemplateRoute.input.safeParse({ ...valid, ...change }).error?.issues[0]?.message;

describe('self-defined template types', () => {
  it('names the ten template types of spec §2 in Chinese', () => {
    expect(TEMPLATE_TYPES).toHaveLength(10);
    expect(TEMPLATE_TYPE_LABELS.barcode).toBe('条码');
    expect(TEMPLATE_TYPE_LABELS.group_voucher).toBe('团体缴费凭证');
  });

  it('offers each barcode field once', () => {
    expect(new Set(BARCODE_FIELDS.map((f) => f.field)).size).toBe(BARCODE_FIELDS.length);
  });
});

describe('save input', () => {
  it('parses temp_config from JSON text into an object and leaves the id out for a new template', () => {
    expect(saveSelfTemplateRoute.input.parse(valid)).toEqual({
      id: undefined,
      temp_type: 'barcode',
      temp_name: '条码',
      temp_config: { format: 'CODE128' },
    });
  });

  it.each([
    [{ temp_config: '' }, '请填写模板配置'],
    [{ temp_config: '{"a":' }, '模板配置不是有效的JSON'],
    [{ temp_config: '"text"' }, '模板配置必须是JSON对象'],
    [{ temp_config: '[]' }, '模板配置必须是JSON对象'],
    [{ temp_config: '42' }, '模板配置必须是JSON对象'],
    [{ temp_config: `{"t":"${'x'.repeat(64 * 1024)}"}` }, '模板配置不能超过64KB'],
    [{ temp_type: 'poster' }, '模板类型不正确'],
    [{ temp_type: undefined }, '请选择模板类型'],
    [{ temp_name: '' }, '请填写模板名称'],
  ])('refuses %j with %s', (change, msg) => {
    expect(messageOf(change)).toBe(msg);
  });
});
