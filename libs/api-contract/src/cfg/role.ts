import { z } from 'zod';
import { idField, jsonField, pageFields, pageOf, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import {
  choiceField,
  enabledFilter,
  idListField,
  intField,
  optionalTextField,
  textField,
} from '../resource/form-fields.js';
import { route } from '../route.js';
import { isKnownAccessKey } from '../route-table/route-table.js';
import { ROLE_DATA_SCOPE_KEYS } from './role-data-scope.js';
import { ROLE_MENU_ALL } from './role-menu-tree.js';

/**
 * 角色管理 (cfg/role_mg, breadth §7): a role's name, 权限字符, order, data scope and whether it is in
 * use; the list shows how many accounts hold it. What it opens and who holds it are edited on its
 * detail screen (cfg/role_mg_detail, which the list's key opens) through the calls below.
 */
export const roleResource = defineResource({
  name: 'role',
  title: '角色',
  base: '/manager/api/role',
  screens: ['cfg/role_mg'],
  row: z.object({
    role_name: z.string(),
    role_key: z.string(),
    sort: z.number().int(),
    data_scope: z.enum(ROLE_DATA_SCOPE_KEYS),
    remark: z.string().nullable(),
    /** Accounts holding the role (a role is removed only when none does). */
    holder_count: z.number().int(),
    /** The role opens everything ('*', 全部权限). */
    all_menus: z.boolean(),
  }),
  form: z.object({
    role_name: textField('角色名称', 64),
    role_key: textField('权限字符', 64).regex(/^[A-Za-z0-9_]+$/, '权限字符只能包含字母、数字和_'),
    sort: intField('角色顺序', 0, 9_999),
    data_scope: choiceField(ROLE_DATA_SCOPE_KEYS, '数据权限'),
    remark: optionalTextField('备注', 200),
  }),
  filter: z.object({ key: searchKeyField(), enabled: enabledFilter }),
  actions: ['list', 'detail', 'save', 'remove', 'enable'],
});

const ROLE_SCREENS = roleResource.spec.screens;
const roleId = idField('角色');

/** A role menu as the detail screen saves it: '*' alone, or keys the route table knows. */
const roleMenuField = jsonField(
  z.array(z.string({ error: '菜单权限格式不正确' }), { error: '菜单权限格式不正确' }).max(2_000, '菜单权限过多'),
  '菜单权限',
)
  // '*' already grants every key: kept alone.
  .transform((keys) => (keys.includes(ROLE_MENU_ALL) ? [ROLE_MENU_ALL] : [...new Set(keys)].sort()))
  .superRefine((keys, ctx) => {
    const unknown = keys.find((k) => k !== ROLE_MENU_ALL && !isKnownAccessKey(k));
    if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: `菜单权限中有未知的菜单或按钮：${unknown}` });
  });

const roleMenuSchema = z.object({
  id: z.number().int(),
  role_name: z.string(),
  role_menu: z.array(z.string()),
  version: z.number().int(),
});

/** 角色菜单权限 GET /manager/api/role/menu */
export const roleMenuRoute = route({
  method: 'GET',
  path: '/manager/api/role/menu',
  summary: '角色菜单权限',
  access: ROLE_SCREENS,
  input: z.object({ id: roleId }),
  output: roleMenuSchema,
});

/** 保存角色菜单权限 POST /manager/api/role/save_menu: holders get it at their next call. */
export const roleSaveMenuRoute = route({
  method: 'POST',
  path: '/manager/api/role/save_menu',
  summary: '保存角色菜单权限（须带版本号）',
  access: ROLE_SCREENS,
  input: z.object({
    id: roleId,
    version: z.coerce.number({ error: '请传递版本号' }).int('版本号格式不正确').min(1, '版本号格式不正确'),
    role_menu: roleMenuField,
  }),
  output: roleMenuSchema,
});

export const roleHolderSchema = z.object({
  user_id: z.number().int(),
  user_account: z.string(),
  user_name: z.string(),
  /** The account is enabled (users.status '1'). */
  enabled: z.boolean(),
});
export type RoleHolder = z.infer<typeof roleHolderSchema>;

/** 角色的账号 GET /manager/api/role/holders */
export const roleHoldersRoute = route({
  method: 'GET',
  path: '/manager/api/role/holders',
  summary: '持有角色的账号',
  access: ROLE_SCREENS,
  input: z.object({ id: roleId, key: searchKeyField(64), ...pageFields }),
  output: pageOf(roleHolderSchema),
});

/** 可分配的账号 GET /manager/api/role/candidates: enabled accounts not holding the role, by account or name. */
export const roleCandidatesRoute = route({
  method: 'GET',
  path: '/manager/api/role/candidates',
  summary: '可分配角色的账号（按账号或姓名查询，最多20个）',
  access: ROLE_SCREENS,
  input: z.object({ id: roleId, key: searchKeyField(64) }),
  output: z.array(roleHolderSchema),
});

const holdersChange = z.object({
  id: roleId,
  user_ids: idListField('账号', 200).refine((ids) => ids.length > 0, '请选择账号'),
});

/** 分配账号 POST /manager/api/role/add_holders */
export const roleAddHoldersRoute = route({
  method: 'POST',
  path: '/manager/api/role/add_holders',
  summary: '给账号分配角色',
  access: ROLE_SCREENS,
  input: holdersChange,
  output: z.object({ changed: z.number().int() }),
});

/** 取消授权 POST /manager/api/role/remove_holders: refused when no administrator would remain. */
export const roleRemoveHoldersRoute = route({
  method: 'POST',
  path: '/manager/api/role/remove_holders',
  summary: '取消账号的角色',
  access: ROLE_SCREENS,
  input: holdersChange,
  output: z.object({ changed: z.number().int() }),
});

export const ROLE_ROUTES = [
  roleMenuRoute,
  roleSaveMenuRoute,
  roleHoldersRoute,
  roleCandidatesRoute,
  roleAddHoldersRoute,
  roleRemoveHoldersRoute,
] as const;
