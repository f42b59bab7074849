import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queueCallNextRoute } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

/** 呼叫下一位 POST /manager/api/queue/call_next */
export const callNext = (deptId: number) => api.call(queueCallNextRoute, { exam_dept_id: deptId });

export const useCallNext = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: callNext,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['queue'] }),
  });
};
