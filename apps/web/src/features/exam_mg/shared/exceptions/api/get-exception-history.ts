import { queryOptions, useQuery } from '@tanstack/react-query';
import { exceptionHistoryRoute } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

/** 获取异常历史 GET /manager/api/examreview/get_exception_history */
export const getExceptionHistory = (orderId: string) => api.call(exceptionHistoryRoute, { order_id: orderId });

export const exceptionHistoryQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: ['order', orderId, 'exceptions'], queryFn: () => getExceptionHistory(orderId) });

export const useExceptionHistory = (orderId: string, enabled: boolean) =>
  useQuery({ ...exceptionHistoryQueryOptions(orderId), enabled });
