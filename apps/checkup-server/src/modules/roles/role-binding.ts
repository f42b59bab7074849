import { asc, eq, sql } from 'drizzle-orm';
import { ROLE_MENU_ALL, type roleResource } from '@checkup/api-contract';
import { roles, userRoles } from '../../db/schema.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { assertAdminsRemain } from '../access/admins-remain.js';
import { recordColumnsOf } from '../exam-cfg/record-columns.js';
import { wordsMatch } from '../exam-cfg/search.js';

/** 角色管理 on roles: the list counts each role's holders; a role someone holds is not removed. */
export const roleBinding: ResourceBinding<typeof roleResource> = {
  ...recordColumnsOf(roles),
  fields: {
    role_name: roles.roleName,
    role_key: roles.roleKey,
    sort: roles.sort,
    data_scope: roles.dataScope,
    remark: roles.remark,
    holder_count: sql<number>`(select count(*)::int from ${userRoles} where ${userRoles.roleId} = ${roles.id})`,
    all_menus: sql<boolean>`${roles.roleMenu} @> ${JSON.stringify([ROLE_MENU_ALL])}::jsonb`,
  },
  values: (form) => ({
    roleName: form.role_name,
    roleKey: form.role_key,
    sort: form.sort,
    dataScope: form.data_scope,
    remark: form.remark,
  }),
  where: (filter) => [
    wordsMatch(filter.key, [roles.roleName], [roles.roleKey]),
    filter.enabled ? eq(roles.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(roles.sort), asc(roles.id)],
  unique: [
    { column: roles.roleName, field: 'role_name', label: '角色名称' },
    { column: roles.roleKey, field: 'role_key', label: '权限字符' },
  ],
  references: [{ label: '账号', column: userRoles.roleId }],
  // Disabling a role takes its menus from its holders: the last administrator keeps its own.
  afterEnable: async (tx, _id, enabled) => {
    if (!enabled) await assertAdminsRemain(tx);
  },
};
