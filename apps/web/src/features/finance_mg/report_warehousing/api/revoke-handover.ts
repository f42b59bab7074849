import { useMutation, useQueryClient } from '@tanstack/react-query';
import { handoverRevokeRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 反交接 POST /manager/api/report_logistics/handover_revoke */
export const revokeHandover = (input: RouteInput<typeof handoverRevokeRoute>) => api.call(handoverRevokeRoute, input);

export const useRevokeHandover = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeHandover,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['report_logistics'] }),
  });
};
