import { z } from 'zod';
import { optionalChoiceField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import {
  choiceField,
  codeField,
  enabledFilter,
  optionalTextField,
  sortField,
  textField,
} from '../resource/form-fields.js';

/** The small code tables 系统维护 keeps (breadth §6.15), one category each. */
export const CODE_CATEGORIES = ['charge_category', 'item_type', 'proceeds_way', 'business_type'] as const;
export type CodeCategory = (typeof CODE_CATEGORIES)[number];
export const CODE_CATEGORY_LABELS: Record<CodeCategory, string> = {
  charge_category: '收费项目分类',
  item_type: '检查项目类型',
  proceeds_way: '收费方式',
  business_type: '业务类型',
};

/** 系统维护 (exam_cfg/maintain): small code tables in one list, a code unique within its category. */
export const codeTableResource = defineResource({
  name: 'code_table',
  title: '维护代码',
  base: '/manager/api/examcfg/code_table',
  screens: ['exam_cfg/maintain'],
  row: z.object({
    category: z.enum(CODE_CATEGORIES),
    code: z.string(),
    name: z.string(),
    sort: z.number().int(),
    remark: z.string().nullable(),
  }),
  form: z.object({
    category: choiceField(CODE_CATEGORIES, '代码分类'),
    code: codeField('代码'),
    name: textField('名称', 64),
    sort: sortField,
    remark: optionalTextField('备注', 200),
  }),
  filter: z.object({
    category: optionalChoiceField(CODE_CATEGORIES, '代码分类不正确'),
    key: searchKeyField(),
    enabled: enabledFilter,
  }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export', 'import'],
  excel: [
    { key: 'category', title: '分类', labels: CODE_CATEGORY_LABELS },
    { key: 'code', title: '代码' },
    { key: 'name', title: '名称' },
    { key: 'sort', title: '排序' },
    { key: 'remark', title: '备注' },
  ],
});
