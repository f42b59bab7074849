import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  groupPauseRoute,
  groupPersonBanRoute,
  groupPersonUnbanRoute,
  subgroupAddItemsRoute,
  subgroupDiscountRoute,
  subgroupListRoute,
  subgroupMoveRoute,
  subgroupRemoveItemsRoute,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';

const KEY = ['crm', 'subgroup'] as const;
const idsText = (ids: readonly number[]) => JSON.stringify(ids);

export interface SubgroupQuery {
  group_order_id: number;
  group_id?: number;
  name?: string;
  page: number;
  size: number;
}

/** The people of the chosen order (one group of it, or all) with their items. */
export const useSubgroupList = (q: SubgroupQuery | null) =>
  useQuery({
    queryKey: [...KEY, 'list', q],
    queryFn: () => api.call(subgroupListRoute, q!),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });

/** 调整分组, 加项, 退项, 折扣, 禁检 and 分组禁检; each reads the list again once done. */
export function useSubgroupActions() {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: KEY });
  const opts = { onSuccess: settled };
  return {
    move: useMutation({
      mutationFn: (v: { ids: number[]; group_id: number }) =>
        api.call(subgroupMoveRoute, { ...v, ids: idsText(v.ids) }),
      ...opts,
    }),
    add: useMutation({
      mutationFn: (v: { ids: number[]; union_ids: number[] }) =>
        api.call(subgroupAddItemsRoute, { ids: idsText(v.ids), union_ids: idsText(v.union_ids) }),
      ...opts,
    }),
    remove: useMutation({
      mutationFn: (v: { ids: number[]; union_ids: number[] }) =>
        api.call(subgroupRemoveItemsRoute, { ids: idsText(v.ids), union_ids: idsText(v.union_ids) }),
      ...opts,
    }),
    discount: useMutation({
      mutationFn: (v: { ids: number[]; rate: number }) =>
        api.call(subgroupDiscountRoute, { ...v, ids: idsText(v.ids) }),
      ...opts,
    }),
    ban: useMutation({
      mutationFn: (v: { ids: number[]; reason: string }) =>
        api.call(groupPersonBanRoute, { ids: idsText(v.ids), reason: v.reason }),
      ...opts,
    }),
    unban: useMutation({
      mutationFn: (ids: number[]) => api.call(groupPersonUnbanRoute, { ids: idsText(ids) }),
      ...opts,
    }),
    pauseGroup: useMutation({
      mutationFn: (v: { group_id: number; paused: boolean }) =>
        api.call(groupPauseRoute, { group_id: v.group_id, paused: v.paused ? '1' : '0' }),
      ...opts,
    }),
  };
}
