import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderUpdateUnionsRoute, type DeskDiscount } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

export interface UnionsUpdate {
  orderId: string;
  unionIds: number[];
  discount?: DeskDiscount;
  leader?: { leader_account: string; leader_password: string };
}

/** 修改加项 POST /manager/api/order/update_unions — the server prices every line again. */
export const updateUnions = ({ orderId, unionIds, discount, leader }: UnionsUpdate) =>
  api.call(orderUpdateUnionsRoute, {
    order_id: orderId,
    union_ids: JSON.stringify(unionIds),
    discount: discount ? JSON.stringify(discount) : undefined,
    ...leader,
  });

export function useUpdateUnions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUnions,
    onSuccess: (_data, { orderId }) => void queryClient.invalidateQueries({ queryKey: ['order', orderId] }),
  });
}
