/**
 * 数据权限 of a role (breadth §7 role_mg): which visits its holders see in 登记管理. An account with
 * several roles gets the widest of its enabled roles' scopes.
 */
export const ROLE_DATA_SCOPES = {
  all: '全部数据',
  dept: '本科室数据',
  self: '仅本人数据',
} as const;
export type RoleDataScope = keyof typeof ROLE_DATA_SCOPES;
/** Widest first: the order in which an account's roles are compared. */
export const ROLE_DATA_SCOPE_KEYS = ['all', 'dept', 'self'] as const satisfies readonly RoleDataScope[];
