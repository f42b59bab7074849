import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  roleAddHoldersRoute,
  roleCandidatesRoute,
  roleHoldersRoute,
  roleRemoveHoldersRoute,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 持有角色的账号 GET /manager/api/role/holders */
export const useRoleHolders = (id: number, page: number, size: number) =>
  useQuery({
    queryKey: ['role_mg', id, 'holders', page, size],
    queryFn: () => api.call(roleHoldersRoute, { id, page, size }),
    placeholderData: keepPreviousData,
  });

/** 可分配角色的账号 GET /manager/api/role/candidates */
export const useRoleCandidates = (id: number, key: string, enabled: boolean) =>
  useQuery({
    queryKey: ['role_mg', id, 'candidates', key],
    queryFn: () => api.call(roleCandidatesRoute, { id, key }),
    enabled,
  });

/** 给账号分配角色 / 取消账号的角色 POST /manager/api/role/add_holders, remove_holders */
export const useChangeHolders = (id: number, change: 'add' | 'remove') => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userIds: number[]) =>
      api.call(change === 'add' ? roleAddHoldersRoute : roleRemoveHoldersRoute, {
        id,
        user_ids: JSON.stringify(userIds),
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['role_mg', id] });
      void client.invalidateQueries({ queryKey: ['resource', 'role'] });
    },
  });
};
