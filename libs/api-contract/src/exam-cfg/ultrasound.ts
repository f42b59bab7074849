import { z } from 'zod';
import { optionalChoiceField, optionalIdField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import {
  choiceField,
  enabledFilter,
  flagField,
  noteField,
  optionalRefField,
  optionalTextField,
  refField,
  sortField,
  textField,
} from '../resource/form-fields.js';
import { SERIOUS_TYPE_LABELS, SERIOUS_TYPES } from './diagnosis.js';
import { GENDER_LIMIT_LABELS, GENDER_LIMITS } from './union.js';

/**
 * 超声配置 (exam_cfg/ultrasonic_cfg, breadth §6.4): the body-part tree, the ultrasound exam items, and
 * per item the sign words (所见描述) whose description and conclusion a doctor inserts with one click.
 */
export const usClassifyResource = defineResource({
  name: 'us_classify',
  title: '超声分类',
  base: '/manager/api/examcfg/us_classify',
  screens: ['exam_cfg/ultrasonic_cfg/classify'],
  readers: ['exam_cfg/ultrasonic_cfg/item'],
  row: z.object({
    parent_id: z.number().int().nullable(),
    parent_name: z.string().nullable(),
    classify_name: z.string(),
    name_en: z.string().nullable(),
    sort: z.number().int(),
    /** How many nodes sit directly below it: a node with children is not removed. */
    child_count: z.number().int(),
  }),
  form: z.object({
    parent_id: optionalRefField('父级'),
    classify_name: textField('分类名称', 64),
    name_en: optionalTextField('英文名', 64),
    sort: sortField,
  }),
  filter: z.object({ key: searchKeyField(), parent_id: optionalIdField('父级'), enabled: enabledFilter }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export'],
  excel: [
    { key: 'classify_name', title: '分类名称' },
    { key: 'name_en', title: '英文名' },
    { key: 'parent_name', title: '父级' },
    { key: 'sort', title: '序号' },
  ],
});

export const usItemResource = defineResource({
  name: 'us_item',
  title: '超声项目',
  base: '/manager/api/examcfg/us_item',
  screens: ['exam_cfg/ultrasonic_cfg/item'],
  readers: ['exam_cfg/ultrasonic_cfg/item_symptom'],
  row: z.object({
    item_name: z.string(),
    input_code: z.string(),
    gender_limit: z.enum(GENDER_LIMITS),
    classify_id: z.number().int(),
    classify_name: z.string().nullable(),
    dept_id: z.number().int(),
    dept_name: z.string().nullable(),
    sort: z.number().int(),
  }),
  form: z.object({
    item_name: textField('项目名称', 64),
    input_code: textField('输入码', 32).regex(/^[A-Za-z0-9]+$/, '输入码只能包含字母和数字'),
    gender_limit: choiceField(GENDER_LIMITS, '适用性别'),
    classify_id: refField('分类'),
    dept_id: refField('科室'),
    sort: sortField,
  }),
  filter: z.object({
    key: searchKeyField(),
    classify_id: optionalIdField('分类'),
    gender_limit: optionalChoiceField(GENDER_LIMITS, '适用性别不正确'),
    enabled: enabledFilter,
  }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export', 'import'],
  excel: [
    { key: 'item_name', title: '项目名称' },
    { key: 'input_code', title: '输入码' },
    { key: 'gender_limit', title: '适用性别', labels: GENDER_LIMIT_LABELS },
    { key: 'classify_id', title: '分类ID' },
    { key: 'dept_id', title: '科室ID' },
    { key: 'sort', title: '排序' },
  ],
});

export const usSignResource = defineResource({
  name: 'us_sign',
  title: '所见描述',
  base: '/manager/api/examcfg/us_sign',
  screens: ['exam_cfg/ultrasonic_cfg/item_symptom'],
  row: z.object({
    us_item_id: z.number().int(),
    item_name: z.string().nullable(),
    sign_name: z.string(),
    is_positive: z.boolean(),
    description: z.string(),
    conclusion: z.string().nullable(),
    serious_type: z.enum(SERIOUS_TYPES),
    is_default: z.boolean(),
    sort: z.number().int(),
  }),
  form: z
    .object({
      us_item_id: refField('超声项目'),
      sign_name: textField('体征名称', 64),
      is_positive: flagField,
      description: noteField('描述', 1000).refine((text) => text !== null, '请填写描述'),
      conclusion: optionalTextField('结论词', 128),
      serious_type: choiceField(SERIOUS_TYPES, '重症级'),
      is_default: flagField,
      sort: sortField,
    })
    // A positive finding without a conclusion word would leave the report's conclusion empty.
    .refine((f) => !f.is_positive || f.conclusion !== null, { message: '阳性体征请填写结论词', path: ['conclusion'] })
    .refine((f) => !(f.is_positive && f.is_default), { message: '默认体征应为阴性（正常）描述', path: ['is_default'] }),
  filter: z.object({
    key: searchKeyField(),
    us_item_id: optionalIdField('超声项目'),
    enabled: enabledFilter,
  }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export', 'import'],
  excel: [
    { key: 'us_item_id', title: '超声项目ID' },
    { key: 'sign_name', title: '体征名称' },
    { key: 'is_positive', title: '是否阳性' },
    { key: 'description', title: '描述' },
    { key: 'conclusion', title: '结论词' },
    { key: 'serious_type', title: '重症级', labels: SERIOUS_TYPE_LABELS },
    { key: 'is_default', title: '默认' },
    { key: 'sort', title: '排序' },
  ],
});

/** A sign word as the composition reads it. */
export interface UsSignChoice {
  sign_name: string;
  is_positive: boolean;
  description: string;
  conclusion: string | null;
  /** The item's normal word: it gives way when a positive finding is chosen with it. */
  is_default?: boolean;
}

/**
 * What the doctor's ultrasound screen inserts for the chosen sign words (breadth §6.4): their
 * descriptions in the order chosen as one paragraph, and as conclusion the positive findings' words,
 * numbered when several; with no positive finding, the normal words' conclusion or "未见明显异常". The
 * item's default (normal) word is left out once a positive finding is chosen.
 */
export function composeUltrasound(itemName: string, picked: readonly UsSignChoice[]) {
  // "肝脏形态大小正常" beside "肝脏体积稍大" would contradict itself: the default normal word steps aside.
  const anyPositive = picked.some((s) => s.is_positive);
  const chosen = anyPositive ? picked.filter((s) => !s.is_default) : picked;
  const description = chosen.map((s) => s.description.trim()).join('');
  const positive = [...new Set(chosen.filter((s) => s.is_positive).map((s) => s.conclusion!.trim()))];
  if (positive.length === 0) {
    const normal = chosen.find((s) => s.conclusion)?.conclusion ?? `${itemName}未见明显异常`;
    return { description, conclusion: chosen.length ? normal : '' };
  }
  const conclusion = positive.length === 1 ? positive[0]! : positive.map((c, i) => `${i + 1}.${c}`).join('；');
  return { description, conclusion };
}
