import { useMutation, useQueryClient } from '@tanstack/react-query';
import { criticalValueHandleRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 处理危急值 POST /manager/api/serdis/critical_handle */
export const handleCritical = (input: RouteInput<typeof criticalValueHandleRoute>) =>
  api.call(criticalValueHandleRoute, input);

export const useHandleCritical = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: handleCritical,
    // A refusal (already handled by someone else) also means the list is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ser_dis'] }),
  });
};
