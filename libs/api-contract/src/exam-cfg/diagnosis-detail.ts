import { z } from 'zod';
import { searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import {
  choiceField,
  codeField,
  flagField,
  noteField,
  optionalRefField,
  optionalTextField,
  textField,
} from '../resource/form-fields.js';
import { SERIOUS_TYPES } from './diagnosis.js';
import { ruleConditionSchema, ruleConditionsField, ruleJoinField, RULE_JOINS } from './diagnosis-rule.js';
import { GENDER_LIMITS } from './union.js';

function optionalAge(label: string) {
  return z
    .union([z.string(), z.number()], { error: `${label}格式不正确` })
    .optional()
    .transform((value) => (value === undefined || value === null ? '' : String(value).trim()))
    .refine((value) => value === '' || (/^\d{1,3}$/.test(value) && Number(value) <= 150), `${label}应为0到150的整数`)
    .transform((value) => (value === '' ? null : Number(value)));
}

/**
 * 诊断字典详情 (exam_cfg/diag_cfg_detail?id=…): one conclusion word in full (breadth §6.5) — its name,
 * codes and department, the flags 进总检/常用/性别限制, 重症级, the texts the report and the chief
 * examiner use, and the rule that suggests it from results. The diagnoses row keeps name and advice
 * (what department entry and 总检 read); the rest sits beside it in diagnosis_profiles.
 */
export const diagnosisDetailResource = defineResource({
  name: 'diagnosis_detail',
  title: '诊断',
  base: '/manager/api/examcfg/diagnosis_detail',
  screens: ['exam_cfg/diag_cfg_detail', 'exam_cfg/diag_cfg'],
  row: z.object({
    diag_code: z.string(),
    diag_name: z.string(),
    pinyin: z.string().nullable(),
    dept_id: z.number().int().nullable(),
    dept_name: z.string().nullable(),
    serious_type: z.enum(SERIOUS_TYPES),
    is_contagion: z.boolean(),
    to_summary: z.boolean(),
    is_common: z.boolean(),
    gender_limit: z.enum(GENDER_LIMITS),
    advice: z.string(),
    explanation: z.string().nullable(),
    life_guidance: z.string(),
    diet_guidance: z.string().nullable(),
    exercise_guidance: z.string().nullable(),
    health_knowledge: z.string().nullable(),
    rule_join: z.enum(RULE_JOINS),
    rule_conditions: z.array(ruleConditionSchema),
    rule_gender: z.enum(GENDER_LIMITS),
    rule_age_min: z.number().int().nullable(),
    rule_age_max: z.number().int().nullable(),
  }),
  form: z
    .object({
      diag_code: codeField('诊断编码'),
      diag_name: textField('诊断名称', 128),
      pinyin: optionalTextField('拼音简码', 32),
      dept_id: optionalRefField('科室'),
      serious_type: choiceField(SERIOUS_TYPES, '重症级'),
      is_contagion: flagField,
      to_summary: flagField,
      is_common: flagField,
      gender_limit: choiceField(GENDER_LIMITS, '性别限制'),
      advice: noteField('总检建议', 2000),
      explanation: noteField('疾病解释', 4000),
      life_guidance: noteField('健康建议', 4000),
      diet_guidance: noteField('饮食指导', 4000),
      exercise_guidance: noteField('运动指导', 4000),
      health_knowledge: noteField('健康知识', 4000),
      rule_join: ruleJoinField,
      rule_conditions: ruleConditionsField,
      rule_gender: choiceField(GENDER_LIMITS, '规则适用性别'),
      rule_age_min: optionalAge('规则适用最小年龄'),
      rule_age_max: optionalAge('规则适用最大年龄'),
    })
    .refine((f) => f.rule_age_min === null || f.rule_age_max === null || f.rule_age_min <= f.rule_age_max, {
      message: '规则适用最小年龄不能大于最大年龄',
      path: ['rule_age_max'],
    }),
  filter: z.object({ key: searchKeyField() }),
  actions: ['list', 'detail', 'save'],
});
