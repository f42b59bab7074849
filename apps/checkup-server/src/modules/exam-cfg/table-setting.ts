import { asc } from 'drizzle-orm';
import type { tableSettingResource } from '@checkup/api-contract';
import { tableSettings } from '../../db/schema.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { recordColumnsOf } from './record-columns.js';
import { wordsMatch } from './search.js';

/** 表格配置 on table_settings: each user sees and changes only their own (owner). */
export const tableSettingBinding: ResourceBinding<typeof tableSettingResource> = {
  ...recordColumnsOf(tableSettings),
  owner: tableSettings.userId,
  fields: { table_key: tableSettings.tableKey, columns: tableSettings.columns },
  values: (form) => ({ tableKey: form.table_key, columns: form.columns }),
  where: (filter) => [wordsMatch(filter.key, [tableSettings.tableKey], [])],
  orderBy: [asc(tableSettings.tableKey), asc(tableSettings.id)],
  unique: [{ column: tableSettings.tableKey, field: 'table_key', label: '该表格的配置' }],
};
