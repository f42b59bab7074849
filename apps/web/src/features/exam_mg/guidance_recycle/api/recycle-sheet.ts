import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sheetRecycleRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 导检单回收 POST /manager/api/guidance/recycle */
export const recycleSheet = (orderId: string) => api.call(sheetRecycleRoute, { order_id: orderId });

export function useRecycleSheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recycleSheet,
    // Refused or not, the visit shown and the day's list are read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['item_exec'] }),
  });
}
