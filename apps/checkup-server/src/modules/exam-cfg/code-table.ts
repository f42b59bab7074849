import { asc, eq } from 'drizzle-orm';
import type { codeTableResource } from '@checkup/api-contract';
import { codeTables } from '../../db/schema.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { recordColumnsOf } from './record-columns.js';
import { wordsMatch } from './search.js';

/** 系统维护 on code_tables: a code is unique within its category. */
export const codeTableBinding: ResourceBinding<typeof codeTableResource> = {
  ...recordColumnsOf(codeTables),
  fields: {
    category: codeTables.category,
    code: codeTables.code,
    name: codeTables.name,
    sort: codeTables.sort,
    remark: codeTables.remark,
  },
  values: (form) => ({
    category: form.category,
    code: form.code,
    name: form.name,
    sort: form.sort,
    remark: form.remark,
  }),
  where: (filter) => [
    filter.category ? eq(codeTables.category, filter.category) : undefined,
    wordsMatch(filter.key, [codeTables.name], [codeTables.code]),
    filter.enabled ? eq(codeTables.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(codeTables.category), asc(codeTables.sort), asc(codeTables.id)],
  unique: [
    {
      column: codeTables.code,
      field: 'code',
      label: '代码',
      within: [{ column: codeTables.category, field: 'category' }],
    },
  ],
};
