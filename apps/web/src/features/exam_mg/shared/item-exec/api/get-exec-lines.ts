import { queryOptions, useQuery } from '@tanstack/react-query';
import { execOrderLinesRoute } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

/** 项目执行情况 GET /manager/api/item_exec/order_lines */
export const getExecLines = (orderId: string) => api.call(execOrderLinesRoute, { order_id: orderId });

export const execLinesQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: ['item_exec', 'order', orderId], queryFn: () => getExecLines(orderId), retry: false });

export const useExecLines = (orderId: string) =>
  useQuery({ ...execLinesQueryOptions(orderId), enabled: orderId !== '' });
