import { queryOptions, useQuery } from '@tanstack/react-query';
import { menuSettingsRoute, menuTree, type MenuNode } from '@checkup/api-contract';
import { api } from '../../lib/api';

/** 菜单设置 GET /manager/api/cfg/menu_settings */
export const getMenuSettings = () => api.call(menuSettingsRoute);

export const menuSettingsQueryOptions = queryOptions({
  queryKey: ['cfg', 'menu_settings'],
  queryFn: getMenuSettings,
  staleTime: 5 * 60_000,
});

const TABLE_MENU = menuTree([]);

/**
 * The effective menu (菜单分类's overrides on the route table): the table's own until the settings
 * arrive, or when they cannot be read, so the shell never waits on them.
 */
export function useMenuTree(): MenuNode[] {
  const settings = useQuery(menuSettingsQueryOptions);
  return settings.data ? menuTree(settings.data) : TABLE_MENU;
}
