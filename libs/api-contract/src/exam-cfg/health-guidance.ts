import { z } from 'zod';
import { optionalChoiceField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import { choiceField, enabledFilter, optionalTextField, sortField, textField } from '../resource/form-fields.js';

export const GUIDANCE_CATEGORIES = ['diet', 'exercise', 'knowledge', 'summary'] as const;
export const GUIDANCE_CATEGORY_LABELS: Record<(typeof GUIDANCE_CATEGORIES)[number], string> = {
  diet: '饮食',
  exercise: '运动',
  knowledge: '健康知识',
  summary: '总检指导',
};

/**
 * 健康指导维护 (exam_cfg/health_guidance_maintenance; breadth §6.16 总检指导库): ready texts by
 * category that the chief examiner inserts into 总检建议, found by title or keyword.
 */
export const healthGuidanceResource = defineResource({
  name: 'health_guidance',
  title: '健康指导',
  base: '/manager/api/examcfg/health_guidance',
  screens: ['exam_cfg/health_guidance_maintenance'],
  readers: ['exam_mg/rev_apr_detail'],
  row: z.object({
    category: z.enum(GUIDANCE_CATEGORIES),
    title: z.string(),
    content: z.string(),
    keywords: z.string().nullable(),
    sort: z.number().int(),
  }),
  form: z.object({
    category: choiceField(GUIDANCE_CATEGORIES, '指导分类'),
    title: textField('标题', 64),
    content: z
      .string({ error: '请填写指导内容' })
      .trim()
      .min(1, '请填写指导内容')
      .max(4000, '指导内容不能超过4000个字'),
    keywords: optionalTextField('关键字', 128),
    sort: sortField,
  }),
  filter: z.object({
    key: searchKeyField(),
    category: optionalChoiceField(GUIDANCE_CATEGORIES, '指导分类不正确'),
    enabled: enabledFilter,
  }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export', 'import'],
  excel: [
    { key: 'category', title: '分类', labels: GUIDANCE_CATEGORY_LABELS },
    { key: 'title', title: '标题' },
    { key: 'content', title: '内容' },
    { key: 'keywords', title: '关键字' },
    { key: 'sort', title: '排序' },
  ],
});
