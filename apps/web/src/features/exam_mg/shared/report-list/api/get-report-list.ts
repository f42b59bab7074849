import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reportListRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

export type ReportFilter = RouteInput<typeof reportListRoute>;

/** 报告列表 GET /manager/api/report/report_list */
export const getReportList = (filter: ReportFilter) => api.call(reportListRoute, filter);

export const reportListQueryOptions = (filter: ReportFilter) =>
  queryOptions({
    queryKey: ['report', 'list', filter],
    queryFn: () => getReportList(filter),
  });

export const useReportList = (filter: ReportFilter) =>
  useQuery({ ...reportListQueryOptions(filter), placeholderData: keepPreviousData });
