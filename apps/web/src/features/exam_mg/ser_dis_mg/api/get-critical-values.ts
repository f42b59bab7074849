import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { criticalValueListRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

export type CriticalFilter = RouteInput<typeof criticalValueListRoute>;

/** 危急值列表 GET /manager/api/serdis/critical_list */
export const getCriticalValues = (filter: CriticalFilter) => api.call(criticalValueListRoute, filter);

export const criticalValuesQueryOptions = (filter: CriticalFilter) =>
  queryOptions({
    queryKey: ['ser_dis', 'critical', filter],
    queryFn: () => getCriticalValues(filter),
  });

/** New critical values arrive while the list is open: it is read again every minute. */
export const useCriticalValues = (filter: CriticalFilter) =>
  useQuery({ ...criticalValuesQueryOptions(filter), placeholderData: keepPreviousData, refetchInterval: 60_000 });
