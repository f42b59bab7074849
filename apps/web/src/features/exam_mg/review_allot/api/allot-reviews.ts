import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewAssignRoute, reviewAutoAssignRoute, reviewUnassignRoute, type ReviewStep } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 分配审核 POST /manager/api/examreview/review_assign */
export const assignReviews = (step: ReviewStep, orderIds: string[], reviewerId: number) =>
  api.call(reviewAssignRoute, { step, order_ids: JSON.stringify(orderIds), reviewer_id: reviewerId });

/** 自动分配审核 POST /manager/api/examreview/review_auto_assign */
export const autoAssignReviews = (step: ReviewStep, reviewerIds: number[], dateFrom?: string, dateTo?: string) =>
  api.call(reviewAutoAssignRoute, {
    step,
    reviewer_ids: JSON.stringify(reviewerIds),
    date_from: dateFrom,
    date_to: dateTo,
  });

/** 取消分配 POST /manager/api/examreview/review_unassign */
export const unassignReviews = (step: ReviewStep, orderIds: string[]) =>
  api.call(reviewUnassignRoute, { step, order_ids: JSON.stringify(orderIds) });

/** Every allotment change refreshes the worklists and the reviewers' counts. */
export function useAllotReviews() {
  const queryClient = useQueryClient();
  const onSuccess = () => void queryClient.invalidateQueries({ queryKey: ['exam_review'] });
  return {
    assign: useMutation({
      mutationFn: (q: { step: ReviewStep; orderIds: string[]; reviewerId: number }) =>
        assignReviews(q.step, q.orderIds, q.reviewerId),
      onSuccess,
    }),
    auto: useMutation({
      mutationFn: (q: { step: ReviewStep; reviewerIds: number[]; dateFrom?: string; dateTo?: string }) =>
        autoAssignReviews(q.step, q.reviewerIds, q.dateFrom, q.dateTo),
      onSuccess,
    }),
    unassign: useMutation({
      mutationFn: (q: { step: ReviewStep; orderIds: string[] }) => unassignReviews(q.step, q.orderIds),
      onSuccess,
    }),
  };
}
