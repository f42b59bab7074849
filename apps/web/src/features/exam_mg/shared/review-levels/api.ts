import { useMutation } from '@tanstack/react-query';
import { reviewBatchPassRoute, reviewUnpassRoute, type ReviewStep } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { getReviewWorklist } from '../review-worklist/api/get-review-worklist';

/** 反审 POST /manager/api/examreview/review_unpass */
export const unpassReview = (orderId: string, step: ReviewStep, reason: string) =>
  api.call(reviewUnpassRoute, { order_id: orderId, step, reason });

export const useUnpassReview = (orderId: string) =>
  useMutation({
    mutationFn: ({ step, reason }: { step: ReviewStep; reason: string }) => unpassReview(orderId, step, reason),
  });

/** 批量通过 POST /manager/api/examreview/review_batch_pass */
export const batchPass = (step: ReviewStep, orderIds: string[]) =>
  api.call(reviewBatchPassRoute, { step, order_ids: JSON.stringify(orderIds) });

export const useBatchPass = () =>
  useMutation({
    mutationFn: ({ step, orderIds }: { step: ReviewStep; orderIds: string[] }) => batchPass(step, orderIds),
  });

/** Whether a scanned 体检号 waits for `step` (the level's worklist, searched by that code). */
export async function waitsForStep(step: ReviewStep, orderId: string): Promise<boolean> {
  const found = await getReviewWorklist({ step, keyword: orderId, page: 1, size: 20 });
  return found.list.some((row) => row.order_id === orderId);
}
