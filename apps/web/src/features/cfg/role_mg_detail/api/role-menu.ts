import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { roleMenuRoute, roleSaveMenuRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 角色菜单权限 GET /manager/api/role/menu */
export const getRoleMenu = (id: number) => api.call(roleMenuRoute, { id });

export const roleMenuQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['role_mg', id, 'menu'], queryFn: () => getRoleMenu(id) });

export const useRoleMenu = (id: number) => useQuery(roleMenuQueryOptions(id));

/** 保存角色菜单权限 POST /manager/api/role/save_menu */
export const saveRoleMenu = (q: { id: number; version: number; role_menu: string[] }) =>
  api.call(roleSaveMenuRoute, { ...q, role_menu: JSON.stringify(q.role_menu) });

export const useSaveRoleMenu = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveRoleMenu,
    onSuccess: (saved) => {
      client.setQueryData(roleMenuQueryOptions(saved.id).queryKey, saved);
      void client.invalidateQueries({ queryKey: ['resource', 'role'] });
    },
  });
};
