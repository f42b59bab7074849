import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queueAddRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 加入排队 POST /manager/api/queue/add */
export const addToQueue = (input: RouteInput<typeof queueAddRoute>) => api.call(queueAddRoute, input);

export const useAddToQueue = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToQueue,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['queue'] }),
  });
};
