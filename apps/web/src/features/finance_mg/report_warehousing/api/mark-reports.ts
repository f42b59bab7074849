import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportMarkRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 加急、柜子号 POST /manager/api/report_logistics/report_mark */
export const markReports = (orderIds: string[], mark: { urgent?: '0' | '1'; cabinet_no?: string }) =>
  api.call(reportMarkRoute, { order_ids: JSON.stringify(orderIds), ...mark });

export const useMarkReports = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderIds, mark }: { orderIds: string[]; mark: { urgent?: '0' | '1'; cabinet_no?: string } }) =>
      markReports(orderIds, mark),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['report_logistics'] }),
  });
};
