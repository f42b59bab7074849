import { asc, eq, ilike, or } from 'drizzle-orm';
import { type departmentResource } from '@checkup/api-contract';
import { departments, examItems, unions, userDepts, workGroups } from '../../db/schema.js';
import { escapeLike } from '../../lib/like.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';

/** 科室配置 on the departments table. */
export const departmentBinding: ResourceBinding<typeof departmentResource> = {
  table: departments,
  id: departments.id,
  enabled: departments.isActive,
  version: departments.version,
  updatedAt: departments.updatedAt,
  updatedBy: departments.updatedBy,
  fields: {
    dept_code: departments.deptCode,
    dept_name: departments.deptName,
    dept_type: departments.deptType,
    sort: departments.sort,
  },
  values: (form) => ({ deptCode: form.dept_code, deptName: form.dept_name, deptType: form.dept_type, sort: form.sort }),
  where: (filter) => [
    filter.key
      ? or(
          ilike(departments.deptName, `%${escapeLike(filter.key)}%`),
          ilike(departments.deptCode, `${escapeLike(filter.key)}%`),
        )
      : undefined,
    filter.dept_type ? eq(departments.deptType, filter.dept_type) : undefined,
    filter.enabled ? eq(departments.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(departments.sort), asc(departments.id)],
  unique: [{ column: departments.deptCode, field: 'dept_code', label: '科室编码' }],
  references: [
    { label: '工作组', column: workGroups.deptId },
    { label: '基础项目', column: examItems.deptId },
    { label: '组合项目', column: unions.deptId },
    { label: '医生的科室', column: userDepts.deptId },
  ],
};
