import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pickupRevokeRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 反领取 POST /manager/api/report_logistics/pickup_revoke */
export const revokePickup = (input: RouteInput<typeof pickupRevokeRoute>) => api.call(pickupRevokeRoute, input);

export const useRevokePickup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokePickup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['report_logistics'] }),
  });
};
