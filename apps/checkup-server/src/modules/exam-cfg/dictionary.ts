import { asc, eq, or, sql } from 'drizzle-orm';
import { moneyText, type dictDataResource, type dictRefResource, type dictTypeResource } from '@checkup/api-contract';
import { dictData, dictRefs, dictTypes } from '../../db/schema.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { assertChosen, recordColumnsOf } from './record-columns.js';
import { wordsMatch } from './search.js';

/** 字典配置 on dict_types; a type is not removed while it has entries (the layer's references). */
export const dictTypeBinding: ResourceBinding<typeof dictTypeResource> = {
  ...recordColumnsOf(dictTypes),
  fields: {
    type_code: dictTypes.typeCode,
    type_name: dictTypes.typeName,
    remark: dictTypes.remark,
    data_count: sql<number>`(select count(*)::int from dict_data d where d.type_id = ${dictTypes.id})`,
  },
  values: (form) => ({ typeCode: form.type_code, typeName: form.type_name, remark: form.remark }),
  where: (filter) => [
    wordsMatch(filter.key, [dictTypes.typeName], [dictTypes.typeCode]),
    filter.enabled ? eq(dictTypes.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(dictTypes.id)],
  unique: [{ column: dictTypes.typeCode, field: 'type_code', label: '类型编码' }],
  references: [{ label: '字典数据', column: dictData.typeId }],
};

/** 数据字典 on dict_data, named with its type; a value is unique within its type. */
export const dictDataBinding: ResourceBinding<typeof dictDataResource> = {
  ...recordColumnsOf(dictData),
  fields: {
    type_id: dictData.typeId,
    type_code: dictTypes.typeCode,
    type_name: dictTypes.typeName,
    label: dictData.label,
    value: dictData.value,
    sort: dictData.sort,
    style: dictData.style,
    flags: dictData.flags,
    refund_limit: dictData.refundLimit,
    remark: dictData.remark,
  },
  joins: [{ table: dictTypes, on: eq(dictTypes.id, dictData.typeId) }],
  values: (form) => ({
    typeId: form.type_id,
    label: form.label,
    value: form.value,
    sort: form.sort,
    style: form.style,
    flags: form.flags,
    refundLimit: form.refund_limit === null ? null : moneyText(form.refund_limit),
    remark: form.remark,
  }),
  where: (filter) => [
    filter.type_id ? eq(dictData.typeId, filter.type_id) : undefined,
    wordsMatch(filter.key, [dictData.label], [dictData.value]),
    filter.enabled ? eq(dictData.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(dictData.typeId), asc(dictData.sort), asc(dictData.id)],
  unique: [
    {
      column: dictData.value,
      field: 'value',
      label: '字典键值',
      within: [{ column: dictData.typeId, field: 'type_id' }],
    },
  ],
  references: [{ label: '字典对照', column: dictRefs.dataId }],
  beforeSave: (tx, form) => assertChosen(tx, dictTypes.id, form.type_id, '字典类型'),
};

/** 字典对照 on dict_refs: an entry's external code, once per platform. */
export const dictRefBinding: ResourceBinding<typeof dictRefResource> = {
  ...recordColumnsOf(dictRefs),
  fields: {
    platform: dictRefs.platform,
    data_id: dictRefs.dataId,
    type_name: dictTypes.typeName,
    data_label: dictData.label,
    data_value: dictData.value,
    external_code: dictRefs.externalCode,
    external_name: dictRefs.externalName,
    remark: dictRefs.remark,
  },
  joins: [
    { table: dictData, on: eq(dictData.id, dictRefs.dataId) },
    { table: dictTypes, on: eq(dictTypes.id, dictData.typeId) },
  ],
  values: (form) => ({
    platform: form.platform,
    dataId: form.data_id,
    externalCode: form.external_code,
    externalName: form.external_name,
    remark: form.remark,
  }),
  where: (filter) => [
    filter.platform ? eq(dictRefs.platform, filter.platform) : undefined,
    filter.type_id ? eq(dictData.typeId, filter.type_id) : undefined,
    filter.key
      ? or(
          wordsMatch(filter.key, [dictData.label, dictRefs.externalName], [dictData.value]),
          wordsMatch(filter.key, [], [dictRefs.externalCode]),
        )
      : undefined,
    filter.enabled ? eq(dictRefs.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(dictRefs.platform), asc(dictData.typeId), asc(dictData.sort), asc(dictRefs.id)],
  unique: [
    {
      column: dictRefs.dataId,
      field: 'data_id',
      label: '本平台已对照的字典数据ID',
      within: [{ column: dictRefs.platform, field: 'platform' }],
    },
  ],
  beforeSave: (tx, form) => assertChosen(tx, dictData.id, form.data_id, '本地字典数据'),
};
