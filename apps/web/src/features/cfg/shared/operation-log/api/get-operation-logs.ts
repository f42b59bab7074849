import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operationLogListRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

export type OperationLogFilter = RouteInput<typeof operationLogListRoute>;

/** 操作日志列表 GET /manager/api/auditlog/list */
export const getOperationLogs = (filter: OperationLogFilter) => api.call(operationLogListRoute, filter);

export const operationLogsQueryOptions = (filter: OperationLogFilter) =>
  queryOptions({
    queryKey: ['operation_log', filter],
    queryFn: () => getOperationLogs(filter),
  });

export const useOperationLogs = (filter: OperationLogFilter) =>
  useQuery({ ...operationLogsQueryOptions(filter), placeholderData: keepPreviousData });
