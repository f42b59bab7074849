import { queryOptions, useQuery } from '@tanstack/react-query';
import { todayStatsRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 今日统计 GET /manager/api/order/today_stats */
export const getTodayStats = () => api.call(todayStatsRoute, {});

export const todayStatsQueryOptions = queryOptions({
  queryKey: ['order', 'today_stats'],
  queryFn: getTodayStats,
  // The desk glances at it all day: fresh every minute without a reload.
  refetchInterval: 60_000,
});

export const useTodayStats = () => useQuery(todayStatsQueryOptions);
