import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  menuClassificationListRoute,
  menuClassificationResetRoute,
  menuClassificationSaveRoute,
  type RouteInput,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { menuSettingsQueryOptions } from '../../../../app/api/get-menu-settings';

/** 菜单分类列表 GET /manager/api/cfg/menu_classification/list */
export const menuClassificationQueryOptions = queryOptions({
  queryKey: ['cfg', 'menu_classification'],
  queryFn: () => api.call(menuClassificationListRoute),
});

export const useMenuClassification = () => useQuery(menuClassificationQueryOptions);

/** Saves or resets one area or group; the list and the shell's own menu are read again after it. */
export function useMenuClassificationWrites() {
  const client = useQueryClient();
  const settled = async () => {
    await client.invalidateQueries({ queryKey: menuClassificationQueryOptions.queryKey });
    await client.invalidateQueries({ queryKey: menuSettingsQueryOptions.queryKey });
  };
  return {
    save: useMutation({
      mutationFn: (input: RouteInput<typeof menuClassificationSaveRoute>) =>
        api.call(menuClassificationSaveRoute, input),
      onSuccess: settled,
    }),
    reset: useMutation({
      mutationFn: (parentKey: string) => api.call(menuClassificationResetRoute, { parent_key: parentKey }),
      onSuccess: settled,
    }),
  };
}
