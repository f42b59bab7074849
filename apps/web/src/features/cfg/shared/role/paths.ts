/** 角色详情 of one role: 角色管理's rows open it, the detail links back. */
export const roleDetailPath = (id: number) => `/manager/cfg/role_mg_detail?id=${id}`;
export const ROLE_LIST_PATH = '/manager/cfg/role_mg';
