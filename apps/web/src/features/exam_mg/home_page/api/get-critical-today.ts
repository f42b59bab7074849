import { queryOptions, useQuery } from '@tanstack/react-query';
import { criticalValueTodayRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 今日未处理危急值 GET /manager/api/serdis/critical_today */
export const getCriticalToday = () => api.call(criticalValueTodayRoute, {});

export const criticalTodayQueryOptions = queryOptions({
  // Under 'ser_dis': a notice or a handling in 危急值管理 refreshes the card too.
  queryKey: ['ser_dis', 'today'],
  queryFn: getCriticalToday,
  refetchInterval: 60_000,
});

export const useCriticalToday = () => useQuery(criticalTodayQueryOptions);
