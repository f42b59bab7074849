import { z } from 'zod';
import { optionalChoiceField, optionalIdField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import {
  choiceField,
  codeField,
  enabledFilter,
  idListField,
  optionalCodeField,
  optionalTextField,
  refField,
  sortField,
  textField,
} from '../resource/form-fields.js';
import { GENDER_LIMIT_LABELS, GENDER_LIMITS, optionalAge } from './union.js';

/**
 * 问卷配置 (exam_cfg/questionnaire_cfg, breadth §6.6): questionnaires for a sex and an age range; in
 * questionnaire_cfg_detail their questions (单选/多选/填空) in order, each option with its code, the
 * question it branches to and the unions it recommends adding.
 */
export const questionnaireResource = defineResource({
  name: 'questionnaire',
  title: '问卷',
  base: '/manager/api/examcfg/questionnaire',
  screens: ['exam_cfg/questionnaire_cfg'],
  readers: ['exam_cfg/questionnaire_cfg_detail', 'exam_mg/order_questionnaire_cfg'],
  row: z.object({
    qn_name: z.string(),
    gender_limit: z.enum(GENDER_LIMITS),
    age_min: z.number().int().nullable(),
    age_max: z.number().int().nullable(),
    description: z.string().nullable(),
    sort: z.number().int(),
    question_count: z.number().int(),
  }),
  form: z
    .object({
      qn_name: textField('问卷名称', 64),
      gender_limit: choiceField(GENDER_LIMITS, '适用性别'),
      age_min: optionalAge('最小年龄'),
      age_max: optionalAge('最大年龄'),
      description: optionalTextField('说明', 200),
      sort: sortField,
    })
    .refine((f) => f.age_min === null || f.age_max === null || f.age_min <= f.age_max, '最小年龄不能大于最大年龄'),
  filter: z.object({
    key: searchKeyField(),
    gender_limit: optionalChoiceField(GENDER_LIMITS, '适用性别不正确'),
    enabled: enabledFilter,
  }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export'],
  excel: [
    { key: 'qn_name', title: '问卷名称' },
    { key: 'gender_limit', title: '适用性别', labels: GENDER_LIMIT_LABELS },
    { key: 'age_min', title: '最小年龄' },
    { key: 'age_max', title: '最大年龄' },
    { key: 'question_count', title: '题目数' },
    { key: 'description', title: '说明' },
  ],
});

export const QUESTION_TYPES = ['single', 'multi', 'text'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = { single: '单选', multi: '多选', text: '填空' };

const optionSchema = z.object({
  code: codeField('选项编码', 16),
  content: textField('选项内容', 100),
  // A saved option answers null for “in order”, and an edit sends it back as it came.
  next_code: z.preprocess((value) => value ?? undefined, optionalCodeField('下一题编码')),
  union_ids: idListField('推荐组合项目', 20),
});
export type QuestionOptionForm = z.output<typeof optionSchema>;

/** A question's options: JSON text as a form carries it, or the list itself; each code once. */
const optionsField = z
  .preprocess(
    (value) => {
      if (value === undefined || value === null || value === '') return [];
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    },
    z.array(optionSchema, { error: '选项格式不正确' }).max(30, '选项最多30个'),
  )
  .refine((options) => new Set(options.map((o) => o.code)).size === options.length, '选项编码不能重复');

export const questionResource = defineResource({
  name: 'qn_question',
  title: '题目',
  base: '/manager/api/examcfg/qn_question',
  // A role with 问卷配置 opens its detail screen too (a detail screen's access is its list's).
  screens: ['exam_cfg/questionnaire_cfg_detail'],
  readers: ['exam_mg/order_questionnaire_cfg'],
  row: z.object({
    questionnaire_id: z.number().int(),
    question_code: z.string(),
    title: z.string(),
    question_type: z.enum(QUESTION_TYPES),
    options: z.array(
      z.object({
        code: z.string(),
        content: z.string(),
        next_code: z.string().nullable(),
        union_ids: z.array(z.number().int()),
      }),
    ),
    sort: z.number().int(),
  }),
  form: z
    .object({
      questionnaire_id: refField('问卷'),
      question_code: codeField('题目编码', 32),
      title: textField('题目', 200),
      question_type: choiceField(QUESTION_TYPES, '题目类型'),
      options: optionsField,
      sort: sortField,
    })
    .refine((f) => f.question_type !== 'text' || f.options.length === 0, {
      message: '填空题不需要选项',
      path: ['options'],
    })
    .refine((f) => f.question_type === 'text' || f.options.length >= 2, {
      message: '单选题和多选题至少需要两个选项',
      path: ['options'],
    })
    .refine((f) => f.options.every((o) => o.next_code !== f.question_code), {
      message: '选项不能跳转到本题',
      path: ['options'],
    }),
  filter: z.object({ questionnaire_id: optionalIdField('问卷'), key: searchKeyField(), enabled: enabledFilter }),
  actions: ['list', 'detail', 'save', 'remove', 'enable'],
});
