import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  costCollectRoute,
  costDetailRoute,
  costHistoryRoute,
  costListRoute,
  costRefundRoute,
  costReverseRoute,
  costSplitRoute,
  type RouteDescriptor,
  type RouteInput,
} from '@checkup/api-contract';
import { api } from '../../../lib/api';

export type CostListFilter = RouteInput<typeof costListRoute>;

/** 费用管理列表 GET /manager/api/finance/cost_list */
export const useCostList = (filter: CostListFilter) =>
  useQuery({
    queryKey: ['finance', 'cost', 'list', filter],
    queryFn: () => api.call(costListRoute, filter),
    placeholderData: keepPreviousData,
  });

/** 费用详情 GET /manager/api/finance/cost_detail */
export const useCostDetail = (orderId: string | null) =>
  useQuery({
    queryKey: ['finance', 'cost', 'detail', orderId],
    queryFn: () => api.call(costDetailRoute, { order_id: orderId! }),
    enabled: orderId !== null,
  });

/** 收费历史 GET /manager/api/finance/cost_history */
export const useCostHistory = (orderId: string, open: boolean) =>
  useQuery({
    queryKey: ['finance', 'cost', 'history', orderId],
    queryFn: () => api.call(costHistoryRoute, { order_id: orderId }),
    enabled: open,
  });

/** A money action; the list, the detail and the history are read again after it. */
function useCostWrite<R extends RouteDescriptor>(route: R) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<R>) => api.call(route, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['finance', 'cost'] }),
  });
}

export const useCollect = () => useCostWrite(costCollectRoute);
export const useSplit = () => useCostWrite(costSplitRoute);
export const useRefund = () => useCostWrite(costRefundRoute);
export const useReverse = () => useCostWrite(costReverseRoute);
