import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderUpdateUnionsRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 修改加项 POST /manager/api/order/update_unions */
export const updateUnions = ({ orderId, unionIds }: { orderId: string; unionIds: number[] }) =>
  api.call(orderUpdateUnionsRoute, { order_id: orderId, union_ids: JSON.stringify(unionIds) });

export function useUpdateUnions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUnions,
    onSuccess: (_data, { orderId }) => void queryClient.invalidateQueries({ queryKey: ['order', orderId] }),
  });
}
