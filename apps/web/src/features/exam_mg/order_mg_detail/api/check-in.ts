import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderCheckInRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 报到 POST /manager/api/order/check_in */
export const checkIn = (orderId: string) => api.call(orderCheckInRoute, { order_id: orderId });

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkIn,
    onSuccess: (_data, orderId) => void queryClient.invalidateQueries({ queryKey: ['order', orderId] }),
  });
}
