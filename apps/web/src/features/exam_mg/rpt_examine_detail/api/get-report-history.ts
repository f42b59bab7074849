import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportHistoryRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 报告记录 GET /manager/api/report/report_history */
export const getReportHistory = (orderId: string) => api.call(reportHistoryRoute, { order_id: orderId });

export const reportHistoryQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: ['report', orderId, 'history'], queryFn: () => getReportHistory(orderId) });

export const useReportHistory = (orderId: string) => useQuery(reportHistoryQueryOptions(orderId));
