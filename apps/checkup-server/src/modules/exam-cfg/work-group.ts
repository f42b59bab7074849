import { asc, eq } from 'drizzle-orm';
import type { workGroupResource } from '@checkup/api-contract';
import { departments, unions, workGroups } from '../../db/schema.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { wordsMatch } from './search.js';

/** 工作组 on the work_groups table. */
export const workGroupBinding: ResourceBinding<typeof workGroupResource> = {
  table: workGroups,
  id: workGroups.id,
  enabled: workGroups.isActive,
  version: workGroups.version,
  updatedAt: workGroups.updatedAt,
  updatedBy: workGroups.updatedBy,
  fields: {
    dept_id: workGroups.deptId,
    dept_name: departments.deptName,
    group_name: workGroups.groupName,
    is_imaging: workGroups.isImaging,
    sort: workGroups.sort,
  },
  joins: [{ table: departments, on: eq(departments.id, workGroups.deptId) }],
  values: (form) => ({ deptId: form.dept_id, groupName: form.group_name, isImaging: form.is_imaging, sort: form.sort }),
  where: (filter) => [
    wordsMatch(filter.key, [workGroups.groupName, departments.deptName], []),
    filter.dept_id ? eq(workGroups.deptId, filter.dept_id) : undefined,
    filter.enabled ? eq(workGroups.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(departments.sort), asc(workGroups.sort), asc(workGroups.id)],
  references: [{ label: '组合项目', column: unions.workGroupId }],
};
