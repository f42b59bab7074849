import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderBanRoute, orderBanStateRoute, orderLiftBanRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 禁检状态 GET /manager/api/order/ban_state */
export const getOrderBan = (orderId: string) => api.call(orderBanStateRoute, { order_id: orderId });

export const orderBanQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: ['order', orderId, 'ban'], queryFn: () => getOrderBan(orderId), enabled: !!orderId });

/** Whether the visit is banned (禁检): the screens that write to it show the reason and go read-only. */
export const useOrderBan = (orderId: string) => useQuery(orderBanQueryOptions(orderId));

/** 禁检 / 解除禁检 POST /manager/api/order/ban, lift_ban */
export function useBanActions(orderId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['order', orderId] });
  const ban = useMutation({
    mutationFn: (reason: string) => api.call(orderBanRoute, { order_id: orderId, reason }),
    onSuccess,
  });
  const lift = useMutation({ mutationFn: () => api.call(orderLiftBanRoute, { order_id: orderId }), onSuccess });
  return { ban, lift };
}
