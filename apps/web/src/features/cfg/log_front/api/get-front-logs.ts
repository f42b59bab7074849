import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { frontLogListRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

export type FrontLogFilter = RouteInput<typeof frontLogListRoute>;

/** 前端日志列表 GET /manager/api/logfront/list */
export const getFrontLogs = (filter: FrontLogFilter) => api.call(frontLogListRoute, filter);

export const frontLogsQueryOptions = (filter: FrontLogFilter) =>
  queryOptions({
    queryKey: ['log_front', filter],
    queryFn: () => getFrontLogs(filter),
  });

export const useFrontLogs = (filter: FrontLogFilter) =>
  useQuery({ ...frontLogsQueryOptions(filter), placeholderData: keepPreviousData });
