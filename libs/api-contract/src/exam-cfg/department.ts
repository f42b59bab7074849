import { z } from 'zod';
import { optionalChoiceField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import { choiceField, codeField, enabledFilter, sortField, textField } from '../resource/form-fields.js';

/** 科室类型 (breadth §6.9): lab and imaging departments sign and print differently. */
export const DEPT_TYPES = ['check', 'lab', 'imaging', 'function'] as const;
export type DeptType = (typeof DEPT_TYPES)[number];
export const DEPT_TYPE_LABELS: Record<DeptType, string> = {
  check: '普通',
  lab: '检验',
  imaging: '影像',
  function: '功能',
};

/** 科室配置 (exam_cfg/dept_cfg): the departments that examine, in the order the guide sheet lists them. */
export const departmentResource = defineResource({
  name: 'department',
  title: '科室',
  base: '/manager/api/examcfg/department',
  screens: ['exam_cfg/dept_cfg'],
  readers: [
    'exam_cfg/wkt_cfg',
    'exam_cfg/item_cfg',
    'exam_cfg/union_cfg',
    'exam_cfg/diag_cfg',
    'exam_cfg/diag_cfg_detail',
    'exam_cfg/ultrasonic_cfg/item',
  ],
  row: z.object({
    dept_code: z.string(),
    dept_name: z.string(),
    dept_type: z.enum(DEPT_TYPES),
    sort: z.number().int(),
  }),
  form: z.object({
    dept_code: codeField('科室编码'),
    dept_name: textField('科室名称', 64),
    dept_type: choiceField(DEPT_TYPES, '科室类型'),
    sort: sortField,
  }),
  filter: z.object({
    key: searchKeyField(),
    dept_type: optionalChoiceField(DEPT_TYPES, '科室类型不正确'),
    enabled: enabledFilter,
  }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export', 'import'],
  excel: [
    { key: 'dept_code', title: '科室编码' },
    { key: 'dept_name', title: '科室名称' },
    { key: 'dept_type', title: '科室类型', labels: DEPT_TYPE_LABELS },
    { key: 'sort', title: '排序' },
  ],
});
