import { asc, eq } from 'drizzle-orm';
import type { applicationTypeResource } from '@checkup/api-contract';
import { applicationTypes } from '../../db/schema.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { recordColumnsOf } from './record-columns.js';
import { wordsMatch } from './search.js';

/** 申请类型 on application_types. */
export const applicationTypeBinding: ResourceBinding<typeof applicationTypeResource> = {
  ...recordColumnsOf(applicationTypes),
  fields: {
    type_code: applicationTypes.typeCode,
    type_name: applicationTypes.typeName,
    send_target: applicationTypes.sendTarget,
    barcode_class: applicationTypes.barcodeClass,
    sort: applicationTypes.sort,
    remark: applicationTypes.remark,
  },
  values: (form) => ({
    typeCode: form.type_code,
    typeName: form.type_name,
    sendTarget: form.send_target,
    barcodeClass: form.barcode_class,
    sort: form.sort,
    remark: form.remark,
  }),
  where: (filter) => [
    wordsMatch(filter.key, [applicationTypes.typeName], [applicationTypes.typeCode]),
    filter.send_target ? eq(applicationTypes.sendTarget, filter.send_target) : undefined,
    filter.enabled ? eq(applicationTypes.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(applicationTypes.sort), asc(applicationTypes.id)],
  unique: [{ column: applicationTypes.typeCode, field: 'type_code', label: '申请类型编码' }],
};
