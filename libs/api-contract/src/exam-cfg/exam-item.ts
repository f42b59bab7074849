import { z } from 'zod';
import { CRITICAL_LEVEL_LABELS, CRITICAL_LEVELS } from '../critical-value.js';
import { optionalChoiceField, optionalIdField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import {
  choiceField,
  codeField,
  enabledFilter,
  optionalCodeField,
  optionalDecimalField,
  optionalTextField,
  refField,
  sortField,
  textField,
} from '../resource/form-fields.js';

/** How a result is entered and judged (result-judgement.ts): a number against its ranges, or a finding. */
export const RESULT_TYPES = ['number', 'text'] as const;
export const RESULT_TYPE_LABELS: Record<(typeof RESULT_TYPES)[number], string> = { number: '数值', text: '文字' };

const limit = z.string().nullable();

/** The level a result beyond the critical limits raises (issue 20); blank, as an older import file, is 高. */
const criticalLevelField = z
  .union([z.enum(CRITICAL_LEVELS), z.literal('')], { error: '危急程度只能是低、中或高' })
  .optional()
  .transform((value) => value || '3');

/** A low limit must not be above its high one: the message names the pair. */
function orderedPair(form: Record<string, unknown>, low: string, high: string) {
  const [l, h] = [form[low], form[high]];
  return l === null || h === null || l === undefined || h === undefined || Number(l) <= Number(h);
}

/**
 * 基础项目 (exam_cfg/item_cfg): what is measured or found, its unit, its reference ranges by sex and its
 * critical limits — a change judges the next result entered (result-judgement.ts reads them each time).
 */
export const examItemResource = defineResource({
  name: 'exam_item',
  title: '基础项目',
  base: '/manager/api/examcfg/exam_item',
  screens: ['exam_cfg/item_cfg'],
  readers: [
    'exam_cfg/union_cfg',
    'exam_cfg/diag_cfg',
    'exam_cfg/diag_cfg_detail',
    'exam_cfg/function_dictionary_association_update',
  ],
  row: z.object({
    item_code: z.string(),
    item_name: z.string(),
    dept_id: z.number().int(),
    dept_name: z.string(),
    result_type: z.enum(RESULT_TYPES),
    unit: z.string().nullable(),
    ref_low_male: limit,
    ref_high_male: limit,
    ref_low_female: limit,
    ref_high_female: limit,
    critical_low: limit,
    critical_high: limit,
    critical_level: z.enum(CRITICAL_LEVELS),
    normal_text: z.string().nullable(),
    high_words: z.string().nullable(),
    low_words: z.string().nullable(),
    external_code: z.string().nullable(),
    sort: z.number().int(),
  }),
  form: z
    .object({
      item_code: codeField('项目编码'),
      item_name: textField('项目名称', 64),
      dept_id: refField('科室'),
      result_type: choiceField(RESULT_TYPES, '结果类型'),
      unit: optionalTextField('单位', 32),
      ref_low_male: optionalDecimalField('男参考下限'),
      ref_high_male: optionalDecimalField('男参考上限'),
      ref_low_female: optionalDecimalField('女参考下限'),
      ref_high_female: optionalDecimalField('女参考上限'),
      critical_low: optionalDecimalField('危急值下限'),
      critical_high: optionalDecimalField('危急值上限'),
      critical_level: criticalLevelField,
      normal_text: optionalTextField('正常结果', 128),
      high_words: optionalTextField('偏高结论词', 64),
      low_words: optionalTextField('偏低结论词', 64),
      external_code: optionalCodeField('LIS/PACS编码'),
      sort: sortField,
    })
    .refine((f) => orderedPair(f, 'ref_low_male', 'ref_high_male'), '男参考下限不能高于上限')
    .refine((f) => orderedPair(f, 'ref_low_female', 'ref_high_female'), '女参考下限不能高于上限')
    .refine((f) => orderedPair(f, 'critical_low', 'critical_high'), '危急值下限不能高于上限'),
  filter: z.object({
    key: searchKeyField(),
    dept_id: optionalIdField('科室'),
    result_type: optionalChoiceField(RESULT_TYPES, '结果类型不正确'),
    enabled: enabledFilter,
  }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export', 'import'],
  excel: [
    { key: 'item_code', title: '项目编码' },
    { key: 'item_name', title: '项目名称' },
    { key: 'dept_id', title: '科室ID' },
    { key: 'result_type', title: '结果类型', labels: RESULT_TYPE_LABELS },
    { key: 'unit', title: '单位' },
    { key: 'ref_low_male', title: '男参考下限' },
    { key: 'ref_high_male', title: '男参考上限' },
    { key: 'ref_low_female', title: '女参考下限' },
    { key: 'ref_high_female', title: '女参考上限' },
    { key: 'critical_low', title: '危急值下限' },
    { key: 'critical_high', title: '危急值上限' },
    { key: 'critical_level', title: '危急程度', labels: CRITICAL_LEVEL_LABELS },
    { key: 'normal_text', title: '正常结果' },
    { key: 'high_words', title: '偏高结论词' },
    { key: 'low_words', title: '偏低结论词' },
    { key: 'external_code', title: 'LIS/PACS编码' },
    { key: 'sort', title: '排序' },
  ],
});
