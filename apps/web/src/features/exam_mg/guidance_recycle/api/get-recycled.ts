import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { recycledListRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

export type RecycledFilter = RouteInput<typeof recycledListRoute>;

/** 今日已回收 GET /manager/api/guidance/recycled_list */
export const getRecycled = (filter: RecycledFilter) => api.call(recycledListRoute, filter);

export const recycledQueryOptions = (filter: RecycledFilter) =>
  queryOptions({ queryKey: ['item_exec', 'recycled', filter], queryFn: () => getRecycled(filter) });

export const useRecycled = (filter: RecycledFilter) =>
  useQuery({ ...recycledQueryOptions(filter), placeholderData: keepPreviousData });
