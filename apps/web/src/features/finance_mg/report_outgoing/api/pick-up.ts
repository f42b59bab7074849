import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pickupRoute, pickupSignedRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

export type PickupInput = RouteInput<typeof pickupRoute>;

/** 领取 POST /manager/api/report_logistics/pickup */
export const pickUp = (input: PickupInput) => api.call(pickupRoute, input);

/** 领取（附签名） POST /manager/api/report_logistics/pickup_signed (multipart: the drawn signature as a PNG) */
export const pickUpSigned = (input: PickupInput, signature: File) => api.upload(pickupSignedRoute, input, signature);

/** One mutation: a signature turns 领取 into the upload call. */
export const usePickUp = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, signature }: { input: PickupInput; signature?: File }) =>
      signature ? pickUpSigned(input, signature) : pickUp(input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['report_logistics'] }),
  });
};
