import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataMonitorRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** The monitor reads the day's numbers again every 30 s (issue 7). */
export const MONITOR_REFRESH_MS = 30_000;

/** 数据监控 GET /manager/api/datamonitor/today */
export const getDataMonitor = () => api.call(dataMonitorRoute);

export const dataMonitorQueryOptions = queryOptions({
  queryKey: ['data_monitor', 'today'],
  queryFn: getDataMonitor,
});

export const useDataMonitor = () =>
  useQuery({ ...dataMonitorQueryOptions, refetchInterval: MONITOR_REFRESH_MS, refetchIntervalInBackground: false });
