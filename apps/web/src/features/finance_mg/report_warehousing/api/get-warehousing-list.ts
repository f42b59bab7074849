import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { warehousingListRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

export type WarehousingFilter = RouteInput<typeof warehousingListRoute>;

/** 入库列表 GET /manager/api/report_logistics/warehousing_list */
export const getWarehousingList = (filter: WarehousingFilter) => api.call(warehousingListRoute, filter);

export const warehousingListQueryOptions = (filter: WarehousingFilter) =>
  queryOptions({ queryKey: ['report_logistics', 'warehousing', filter], queryFn: () => getWarehousingList(filter) });

export const useWarehousingList = (filter: WarehousingFilter) =>
  useQuery({ ...warehousingListQueryOptions(filter), placeholderData: keepPreviousData });
