import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { outgoingListRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

export type OutgoingFilter = RouteInput<typeof outgoingListRoute>;

/** 出库列表 GET /manager/api/report_logistics/outgoing_list */
export const getOutgoingList = (filter: OutgoingFilter) => api.call(outgoingListRoute, filter);

export const outgoingListQueryOptions = (filter: OutgoingFilter) =>
  queryOptions({ queryKey: ['report_logistics', 'outgoing', filter], queryFn: () => getOutgoingList(filter) });

export const useOutgoingList = (filter: OutgoingFilter) =>
  useQuery({ ...outgoingListQueryOptions(filter), placeholderData: keepPreviousData });
