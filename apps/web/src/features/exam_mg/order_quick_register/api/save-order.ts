import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSaveRoute, type OrderSaveInput } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 保存登记 POST /manager/api/order/save */
export const saveOrder = (input: OrderSaveInput) => api.call(orderSaveRoute, input);

export function useSaveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['order'] });
    },
  });
}
