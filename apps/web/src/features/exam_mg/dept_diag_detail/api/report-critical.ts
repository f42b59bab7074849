import { useMutation, useQueryClient } from '@tanstack/react-query';
import { criticalValueReportRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 危急值提报 POST /manager/api/serdis/critical_report */
export const reportCritical = (input: RouteInput<typeof criticalValueReportRoute>) =>
  api.call(criticalValueReportRoute, input);

export const useReportCritical = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportCritical,
    // 危急值管理 and the home page read the new one at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ser_dis'] }),
  });
};
