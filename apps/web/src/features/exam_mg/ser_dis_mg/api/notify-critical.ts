import { useMutation, useQueryClient } from '@tanstack/react-query';
import { criticalValueNotifyRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 登记危急值通知 POST /manager/api/serdis/critical_notify */
export const notifyCritical = (input: RouteInput<typeof criticalValueNotifyRoute>) =>
  api.call(criticalValueNotifyRoute, input);

export const useNotifyCritical = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: notifyCritical,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ser_dis'] }),
  });
};
