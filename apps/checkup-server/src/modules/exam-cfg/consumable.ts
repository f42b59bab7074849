import { asc, eq } from 'drizzle-orm';
import { moneyText, type consumableResource } from '@checkup/api-contract';
import { consumables, unions } from '../../db/schema.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { assertChosen, recordColumnsOf } from './record-columns.js';
import { wordsMatch } from './search.js';

/** 耗材配置 on consumables, named with the union that uses it. */
export const consumableBinding: ResourceBinding<typeof consumableResource> = {
  ...recordColumnsOf(consumables),
  fields: {
    consumable_code: consumables.consumableCode,
    consumable_name: consumables.consumableName,
    spec: consumables.spec,
    unit: consumables.unit,
    cost_price: consumables.costPrice,
    union_id: consumables.unionId,
    union_name: unions.unionName,
    quantity: consumables.quantity,
    remark: consumables.remark,
  },
  joins: [{ table: unions, on: eq(unions.id, consumables.unionId) }],
  values: (form) => ({
    consumableCode: form.consumable_code,
    consumableName: form.consumable_name,
    spec: form.spec,
    unit: form.unit,
    costPrice: moneyText(form.cost_price),
    unionId: form.union_id,
    quantity: form.quantity,
    remark: form.remark,
  }),
  where: (filter) => [
    wordsMatch(filter.key, [consumables.consumableName], [consumables.consumableCode]),
    filter.union_id ? eq(consumables.unionId, filter.union_id) : undefined,
    filter.enabled ? eq(consumables.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(consumables.consumableCode), asc(consumables.id)],
  unique: [{ column: consumables.consumableCode, field: 'consumable_code', label: '耗材编码' }],
  beforeSave: (tx, form) => assertChosen(tx, unions.id, form.union_id, '组合项目'),
};
