import { useMutation, useQueryClient } from '@tanstack/react-query';
import { handoverRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

export interface HandoverFields {
  receiver: string;
  handed_at?: string;
  cabinet_no?: string;
}

/** 终审交接 POST /manager/api/report_logistics/handover */
export const handOver = (orderIds: string[], fields: HandoverFields) =>
  api.call(handoverRoute, { order_ids: JSON.stringify(orderIds), ...fields });

export const useHandOver = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderIds, fields }: { orderIds: string[]; fields: HandoverFields }) => handOver(orderIds, fields),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['report_logistics'] }),
  });
};
