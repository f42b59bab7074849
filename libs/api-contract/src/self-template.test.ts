import { describe, expect, it } from 'vitest';
import { BARCODE_FIELDS } from './exam-cfg/template-layout.js';
import { TEMPLATE_TYPES, TEMPLATE_TYPE_LABELS, defaultLayout } from './exam-cfg/template-sections.js';
import { TEMPLATE_RESOURCES } from './self-template.js';

const guide = TEMPLATE_RESOURCES.guide_sheet.routes.save.input;
const barcode = TEMPLATE_RESOURCES.barcode.routes.save.input;
const layout = defaultLayout('guide_sheet');
const form = (change: Record<string, unknown>) => ({
  temp_name: '导检单',
  suit_type: 'health',
  temp_config: JSON.stringify(layout),
  ...change,
});
const messageOf = (change: Record<string, unknown>) => guide.safeParse(form(change)).error?.issues[0]?.message;
const withLayout = (change: object) => ({ temp_config: JSON.stringify({ ...layout, ...change }) });

describe('self-defined template types', () => {
  it('names the ten template types of spec §2 in Chinese, each a resource of its own screen', () => {
    expect(TEMPLATE_TYPES).toHaveLength(10);
    expect(TEMPLATE_TYPE_LABELS.group_voucher).toBe('团体缴费凭证');
    expect(TEMPLATE_RESOURCES.barcode.spec.screens).toEqual(['exam_cfg/self_defined_template/barcode']);
  });

  it('offers each barcode field once', () => {
    expect(new Set(BARCODE_FIELDS.map((f) => f.field)).size).toBe(BARCODE_FIELDS.length);
  });

  it('accepts every type’s default layout as its own', () => {
    for (const type of TEMPLATE_TYPES) {
      const input = TEMPLATE_RESOURCES[type].routes.save.input;
      const parsed = input.safeParse(form({ temp_config: JSON.stringify(defaultLayout(type)) }));
      expect([type, parsed.success]).toEqual([type, true]);
    }
  });
});

describe('save input', () => {
  it('parses temp_config from JSON text into the layout', () => {
    expect(guide.parse(form({})).temp_config).toEqual(layout);
  });

  it.each([
    [{ temp_config: '' }, '请填写模板配置'],
    [{ temp_config: '{"a":' }, '模板配置不是有效的JSON'],
    [{ temp_config: '[]' }, '模板配置必须是JSON对象'],
    [{ temp_config: `{"t":"${'x'.repeat(64 * 1024)}"}` }, '模板配置不能超过64KB'],
    [{ temp_name: '' }, '请填写模板名称'],
    [{ suit_type: 'child' }, '请选择适用类型'],
    [withLayout({ font_size: 30 }), '字号应在8到16之间'],
    [withLayout({ page_size: 'A3' }), '纸张大小只能是A4、A5或B5'],
    [withLayout({ header: { ...layout.header, title: ' ' } }), '请填写标题'],
    [withLayout({ blocks: [{ kind: 'section', key: 'cover', title: '封面', visible: true }] }), '导检单没有这个栏目'],
    [withLayout({ blocks: [layout.blocks[0], layout.blocks[0]] }), '栏目重复'],
  ])('refuses %j with %s', (change, msg) => {
    expect(messageOf(change)).toBe(msg);
  });

  it('checks a barcode label by its own schema', () => {
    const label = { ...defaultLayout('barcode'), width_mm: 5 };
    const parsed = barcode.safeParse(form({ temp_config: JSON.stringify(label) }));
    expect(parsed.error?.issues[0]?.message).toBe('标签宽度应在20到100之间');
  });
});
