import { z } from 'zod';
import { optionalIdField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import {
  codeField,
  enabledFilter,
  intField,
  optionalRefField,
  optionalTextField,
  textField,
} from '../resource/form-fields.js';
import { moneyField, moneyOut } from '../resource/money.js';

/**
 * 耗材配置 (exam_cfg/consume_cfg, breadth §6.14): a consumable, its cost, and the 组合项目 that uses it
 * with how many per exam — what the margin reports (变动成本率) add up per union.
 */
export const consumableResource = defineResource({
  name: 'consumable',
  title: '耗材',
  base: '/manager/api/examcfg/consumable',
  screens: ['exam_cfg/consume_cfg'],
  row: z.object({
    consumable_code: z.string(),
    consumable_name: z.string(),
    spec: z.string().nullable(),
    unit: z.string(),
    cost_price: moneyOut,
    union_id: z.number().int().nullable(),
    union_name: z.string().nullable(),
    quantity: z.number().int(),
    remark: z.string().nullable(),
  }),
  form: z.object({
    consumable_code: codeField('耗材编码'),
    consumable_name: textField('耗材名称', 64),
    spec: optionalTextField('规格', 64),
    unit: textField('单位', 8),
    cost_price: moneyField('成本价'),
    union_id: optionalRefField('组合项目'),
    quantity: intField('每次用量', 1, 999, 1),
    remark: optionalTextField('备注', 200),
  }),
  filter: z.object({ key: searchKeyField(), union_id: optionalIdField('组合项目'), enabled: enabledFilter }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export', 'import'],
  excel: [
    { key: 'consumable_code', title: '耗材编码' },
    { key: 'consumable_name', title: '耗材名称' },
    { key: 'spec', title: '规格' },
    { key: 'unit', title: '单位' },
    { key: 'cost_price', title: '成本价' },
    { key: 'union_id', title: '组合项目ID' },
    { key: 'quantity', title: '每次用量' },
    { key: 'remark', title: '备注' },
  ],
});
