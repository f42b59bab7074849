import { useMutation, useQueryClient } from '@tanstack/react-query';
import { criticalValueDeleteRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 删除危急值 POST /manager/api/serdis/critical_delete */
export const deleteCritical = (input: RouteInput<typeof criticalValueDeleteRoute>) =>
  api.call(criticalValueDeleteRoute, input);

export const useDeleteCritical = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCritical,
    // A refusal (notified meanwhile) also means the list is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ser_dis'] }),
  });
};
