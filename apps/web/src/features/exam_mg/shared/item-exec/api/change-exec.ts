import { useMutation, useQueryClient } from '@tanstack/react-query';
import { execChangeRoute, execWaiveSignedRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

export type ExecChangeInput = RouteInput<typeof execChangeRoute>;

/** 弃检(直接弃检)/迟检/补检/拒检/撤销 POST /manager/api/item_exec/change */
export const changeExec = (input: ExecChangeInput) => api.call(execChangeRoute, input);

/** 签名弃检 POST /manager/api/item_exec/waive_signed (multipart: the drawn signature as a PNG) */
export const waiveSigned = (input: RouteInput<typeof execWaiveSignedRoute>, signature: File) =>
  api.upload(execWaiveSignedRoute, input, signature);

/** One mutation for every action; a signature turns 弃检 into the upload call. */
export function useChangeExec() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, signature }: { input: ExecChangeInput; signature?: File }) =>
      signature
        ? waiveSigned({ order_id: input.order_id, union_id: input.union_id, reason: input.reason ?? '' }, signature)
        : changeExec(input),
    // The line's state moves the visit's departments too: every view of the visit is read again.
    onSettled: (_data, _error, { input }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['item_exec'] }),
        queryClient.invalidateQueries({ queryKey: ['order', String(input.order_id)] }),
      ]),
  });
}
