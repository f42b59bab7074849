import { z } from 'zod';
import { optionalIdField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import { enabledFilter, idListField, optionalTextField, textField } from '../resource/form-fields.js';

/** Required free text over several lines (the advice of a merged word must be written). */
function requiredNote(label: string, max: number) {
  return z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字`);
}

/**
 * 诊断关联 (exam_cfg/diag_cfg_related, + _detail; breadth §6.5 合并结论词): a merged conclusion word
 * that stands for several — at 总检, when all its members are present they give way to it
 * (血脂增高 + 脂肪肝 → 代谢异常). 名称, 输入码, 总检建议 and 团检建议 are required, and two members at least.
 */
export const diagnosisMergeResource = defineResource({
  name: 'diagnosis_merge',
  title: '合并诊断',
  base: '/manager/api/examcfg/diagnosis_merge',
  screens: ['exam_cfg/diag_cfg_related', 'exam_cfg/diag_cfg_related_detail'],
  readers: ['exam_mg/rev_apr_detail'],
  row: z.object({
    merge_name: z.string(),
    input_code: z.string(),
    advice: z.string(),
    group_advice: z.string(),
    remark: z.string().nullable(),
    member_ids: z.array(z.number().int()),
    member_names: z.array(z.string()),
  }),
  form: z.object({
    merge_name: textField('合并名称', 128),
    input_code: textField('输入码', 32),
    advice: requiredNote('总检建议', 2000),
    group_advice: requiredNote('团检建议', 2000),
    remark: optionalTextField('备注', 200),
    member_ids: idListField('合并的诊断', 20).refine((ids) => ids.length >= 2, '请至少选择两个要合并的诊断'),
  }),
  filter: z.object({ key: searchKeyField(), diag_id: optionalIdField('诊断'), enabled: enabledFilter }),
  actions: ['list', 'detail', 'save', 'remove', 'enable'],
});
