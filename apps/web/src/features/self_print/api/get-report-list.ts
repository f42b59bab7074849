import { queryOptions, useQuery } from '@tanstack/react-query';
import { selfPrintReportListRoute } from '@checkup/api-contract';
import { api } from '../../../lib/api';

/** 自助打印报告列表 GET /manager/api/selfprint/report_list */
export const getReportList = (ticket: string) => api.call(selfPrintReportListRoute, { ticket });

export const reportListQueryOptions = (ticket: string) =>
  queryOptions({ queryKey: ['selfprint', ticket, 'reports'], queryFn: () => getReportList(ticket), retry: false });

export const useReportList = (ticket: string) => useQuery(reportListQueryOptions(ticket));
