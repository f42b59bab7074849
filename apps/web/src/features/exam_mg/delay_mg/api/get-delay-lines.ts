import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { execListRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

export type DelayFilter = RouteInput<typeof execListRoute>;

/** 延期/弃检列表 GET /manager/api/item_exec/list */
export const getDelayLines = (filter: DelayFilter) => api.call(execListRoute, filter);

export const delayLinesQueryOptions = (filter: DelayFilter) =>
  queryOptions({ queryKey: ['item_exec', 'list', filter], queryFn: () => getDelayLines(filter) });

export const useDelayLines = (filter: DelayFilter) =>
  useQuery({ ...delayLinesQueryOptions(filter), placeholderData: keepPreviousData });
