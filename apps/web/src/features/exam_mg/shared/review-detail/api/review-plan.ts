import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reviewMarkRoute, reviewVisitPlanRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

/** 复查建议 GET /manager/api/review_mg/visit_plan */
export const reviewPlanQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['order', orderId, 'review', 'plan'],
    queryFn: () => api.call(reviewVisitPlanRoute, { order_id: orderId }),
    retry: false,
  });

export const useReviewPlan = (orderId: string) => useQuery(reviewPlanQueryOptions(orderId));

/** 需复查 POST /manager/api/review_mg/mark */
export function useMarkReview(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof reviewMarkRoute>) => api.call(reviewMarkRoute, input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: reviewPlanQueryOptions(orderId).queryKey });
      void client.invalidateQueries({ queryKey: ['resource', 'review_plan'] });
    },
  });
}
