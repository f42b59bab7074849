import { z } from 'zod';
import { optionalIdField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import { enabledFilter, flagField, refField, sortField, textField } from '../resource/form-fields.js';

/** 工作组 (exam_cfg/wkt_cfg): the groups inside a department; an imaging group signs on its own (spec §7). */
export const workGroupResource = defineResource({
  name: 'work_group',
  title: '工作组',
  base: '/manager/api/examcfg/work_group',
  screens: ['exam_cfg/wkt_cfg'],
  readers: ['exam_cfg/dept_cfg', 'exam_cfg/union_cfg'],
  row: z.object({
    dept_id: z.number().int(),
    dept_name: z.string(),
    group_name: z.string(),
    is_imaging: z.boolean(),
    sort: z.number().int(),
  }),
  form: z.object({
    dept_id: refField('科室'),
    group_name: textField('工作组名称', 64),
    is_imaging: flagField,
    sort: sortField,
  }),
  filter: z.object({ key: searchKeyField(), dept_id: optionalIdField('科室'), enabled: enabledFilter }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export', 'import'],
  excel: [
    { key: 'dept_id', title: '科室ID' },
    { key: 'group_name', title: '工作组名称' },
    { key: 'is_imaging', title: '影像分组' },
    { key: 'sort', title: '排序' },
  ],
});
