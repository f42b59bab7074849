import { z } from 'zod';
import { optionalChoiceField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import {
  choiceField,
  codeField,
  enabledFilter,
  noteField,
  optionalTextField,
  textField,
} from '../resource/form-fields.js';

/** The categories of GBZ 188 / 职业病危害因素分类目录. */
export const HARM_CATEGORIES = ['dust', 'chemical', 'physical', 'radiation', 'biological', 'other'] as const;
export const HARM_CATEGORY_LABELS: Record<(typeof HARM_CATEGORIES)[number], string> = {
  dust: '粉尘',
  chemical: '化学因素',
  physical: '物理因素',
  radiation: '放射因素',
  biological: '生物因素',
  other: '其他',
};

/** A CAS registry number: 2–7 digits, 2 digits, 1 check digit (71-43-2 is benzene). */
const casField = optionalTextField('CAS号', 16).refine(
  (value) => value === null || /^\d{2,7}-\d{2}-\d$/.test(value),
  'CAS号格式应为“数字-两位数字-一位数字”，例如 71-43-2',
);

/**
 * 危害因素 (exam_cfg/harm_factors, breadth §6.13): the occupational hazards an occupational exam is
 * ordered for. The GBZ 188 rules per factor (target diseases, contraindications) come in a later issue.
 */
export const harmFactorResource = defineResource({
  name: 'harm_factor',
  title: '危害因素',
  base: '/manager/api/examcfg/harm_factor',
  screens: ['exam_cfg/harm_factors'],
  row: z.object({
    factor_code: z.string(),
    factor_name: z.string(),
    category: z.enum(HARM_CATEGORIES),
    health_effect: z.string(),
    cas_no: z.string().nullable(),
    remark: z.string().nullable(),
  }),
  form: z.object({
    factor_code: codeField('因素代码'),
    factor_name: textField('因素名称', 64),
    category: choiceField(HARM_CATEGORIES, '危害因素类别'),
    health_effect: noteField('对健康的影响', 1000).refine((v) => v !== null, '请填写对健康的影响'),
    cas_no: casField,
    remark: optionalTextField('备注', 200),
  }),
  filter: z.object({
    key: searchKeyField(),
    category: optionalChoiceField(HARM_CATEGORIES, '危害因素类别不正确'),
    enabled: enabledFilter,
  }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export', 'import'],
  excel: [
    { key: 'factor_code', title: '因素代码' },
    { key: 'factor_name', title: '因素名称' },
    { key: 'category', title: '类别', labels: HARM_CATEGORY_LABELS },
    { key: 'health_effect', title: '对健康的影响' },
    { key: 'cas_no', title: 'CAS号' },
    { key: 'remark', title: '备注' },
  ],
});
