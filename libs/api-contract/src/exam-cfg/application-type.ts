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

/** Where a request of the type is sent: the lab system, the imaging system, or nowhere (done on paper). */
export const APPLY_TARGETS = ['lis', 'pacs', 'none'] as const;
export const APPLY_TARGET_LABELS: Record<(typeof APPLY_TARGETS)[number], string> = {
  lis: 'LIS',
  pacs: 'PACS',
  none: '无',
};

/**
 * 申请类型 (exam_cfg/application_type, breadth §6.15): the request categories (申请单类型) sent to LIS or
 * PACS, and the barcode print class their specimens are labelled under.
 */
export const applicationTypeResource = defineResource({
  name: 'application_type',
  title: '申请类型',
  base: '/manager/api/examcfg/application_type',
  screens: ['exam_cfg/application_type'],
  row: z.object({
    type_code: z.string(),
    type_name: z.string(),
    send_target: z.enum(APPLY_TARGETS),
    barcode_class: z.string().nullable(),
    sort: z.number().int(),
    remark: z.string().nullable(),
  }),
  form: z.object({
    type_name: textField('申请类型名称', 32),
    type_code: codeField('申请类型编码'),
    send_target: choiceField(APPLY_TARGETS, '发送目标'),
    barcode_class: optionalTextField('条码打印分类', 32),
    sort: sortField,
    remark: optionalTextField('备注', 200),
  }),
  filter: z.object({
    key: searchKeyField(),
    send_target: optionalChoiceField(APPLY_TARGETS, '发送目标不正确'),
    enabled: enabledFilter,
  }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export', 'import'],
  excel: [
    { key: 'type_name', title: '申请类型名称' },
    { key: 'type_code', title: '申请类型编码' },
    { key: 'send_target', title: '发送目标', labels: APPLY_TARGET_LABELS },
    { key: 'barcode_class', title: '条码打印分类' },
    { key: 'sort', title: '排序' },
    { key: 'remark', title: '备注' },
  ],
});
