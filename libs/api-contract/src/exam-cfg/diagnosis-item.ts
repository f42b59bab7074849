import { z } from 'zod';
import { optionalIdField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import { enabledFilter, optionalTextField, refField } from '../resource/form-fields.js';

/**
 * 功能字典关联 (exam_cfg/function_dictionary_association_update): which basic items — and which of their
 * sign words (体征词) — a conclusion word comes from, so department entry can offer the word where it
 * belongs. Kept for a chosen conclusion word or a chosen item.
 */
export const diagnosisItemResource = defineResource({
  name: 'diagnosis_item',
  title: '诊断项目关联',
  base: '/manager/api/examcfg/diagnosis_item',
  screens: ['exam_cfg/function_dictionary_association_update'],
  readers: ['exam_cfg/diag_cfg_detail', 'exam_mg/dept_diag_detail'],
  row: z.object({
    diag_id: z.number().int(),
    diag_name: z.string(),
    diag_code: z.string(),
    item_id: z.number().int(),
    item_name: z.string(),
    item_code: z.string(),
    sign_word: z.string().nullable(),
  }),
  form: z.object({
    diag_id: refField('诊断'),
    item_id: refField('基础项目'),
    sign_word: optionalTextField('体征词', 64),
  }),
  filter: z.object({
    key: searchKeyField(),
    diag_id: optionalIdField('诊断'),
    item_id: optionalIdField('基础项目'),
    enabled: enabledFilter,
  }),
  actions: ['list', 'detail', 'save', 'remove', 'enable'],
});
