import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewCancelRoute, reviewRegisterRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** The list's cached pages (resource review_plan) go stale after a write. */
const useListRefresh = () => {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: ['resource', 'review_plan'] });
};

/** 登记复查 POST /manager/api/review_mg/register */
export function useRegisterReview() {
  const refresh = useListRefresh();
  return useMutation({
    mutationFn: (input: RouteInput<typeof reviewRegisterRoute>) => api.call(reviewRegisterRoute, input),
    onSuccess: refresh,
  });
}

/** 取消复查 POST /manager/api/review_mg/cancel */
export function useCancelReview() {
  const refresh = useListRefresh();
  return useMutation({
    mutationFn: (input: RouteInput<typeof reviewCancelRoute>) => api.call(reviewCancelRoute, input),
    onSuccess: refresh,
  });
}
