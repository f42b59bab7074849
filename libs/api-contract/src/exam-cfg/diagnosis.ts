import { z } from 'zod';
import { optionalIdField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import {
  choiceField,
  codeField,
  enabledFilter,
  flagField,
  noteField,
  optionalRefField,
  optionalTextField,
  textField,
} from '../resource/form-fields.js';

/** '0' ordinary, '1' significant positive (重大阳性), '2' critical (危急), as diagnoses.serious_type. */
export const SERIOUS_TYPES = ['0', '1', '2'] as const;
export const SERIOUS_TYPE_LABELS: Record<(typeof SERIOUS_TYPES)[number], string> = {
  '0': '一般',
  '1': '重大阳性',
  '2': '危急',
};

/**
 * 诊断字典 (exam_cfg/diag_cfg): the conclusion words doctors pick (searched by name, code or pinyin
 * initials), each with its advice and life guidance; department entry and 总检 read it each time.
 */
export const diagnosisResource = defineResource({
  name: 'diagnosis',
  title: '诊断',
  base: '/manager/api/examcfg/diagnosis',
  screens: ['exam_cfg/diag_cfg'],
  readers: [
    'exam_cfg/diag_cfg_related',
    'exam_cfg/health_guidance_maintenance',
    'exam_cfg/diag_cfg_related_detail',
    'exam_cfg/function_dictionary_association_update',
  ],
  row: z.object({
    diag_code: z.string(),
    diag_name: z.string(),
    pinyin: z.string().nullable(),
    dept_id: z.number().int().nullable(),
    dept_name: z.string().nullable(),
    advice: z.string(),
    life_guidance: z.string(),
    is_contagion: z.boolean(),
    serious_type: z.enum(SERIOUS_TYPES),
  }),
  form: z.object({
    diag_code: codeField('诊断编码'),
    diag_name: textField('诊断名称', 128),
    pinyin: optionalTextField('拼音简码', 32),
    dept_id: optionalRefField('科室'),
    advice: noteField('建议', 2000),
    life_guidance: noteField('健康指导', 4000),
    is_contagion: flagField,
    serious_type: choiceField(SERIOUS_TYPES, '重要程度'),
  }),
  filter: z.object({ key: searchKeyField(), dept_id: optionalIdField('科室'), enabled: enabledFilter }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export', 'import'],
  excel: [
    { key: 'diag_code', title: '诊断编码' },
    { key: 'diag_name', title: '诊断名称' },
    { key: 'pinyin', title: '拼音简码' },
    { key: 'dept_id', title: '科室ID' },
    { key: 'advice', title: '建议' },
    { key: 'life_guidance', title: '健康指导' },
    { key: 'is_contagion', title: '传染病' },
    { key: 'serious_type', title: '重要程度', labels: SERIOUS_TYPE_LABELS },
  ],
});
