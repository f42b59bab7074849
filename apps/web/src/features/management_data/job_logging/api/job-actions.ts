import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelJobRoute, jobResource, rerunJobRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { resourceQueryKey } from '../../../../lib/resource/resource-api';

/** 重新执行任务 POST /manager/api/jobs/rerun */
export const rerunJob = (id: number) => api.call(rerunJobRoute, { id });
/** 取消任务 POST /manager/api/jobs/cancel */
export const cancelJob = (id: number) => api.call(cancelJobRoute, { id });

/** 重新执行 and 取消; each drops the cached job lists and runs. */
export function useJobActions() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: resourceQueryKey(jobResource) });
  return {
    rerun: useMutation({ mutationFn: rerunJob, onSettled }),
    cancel: useMutation({ mutationFn: cancelJob, onSettled }),
  };
}
