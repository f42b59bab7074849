import { useMutation } from '@tanstack/react-query';
import {
  reviewPassRoute,
  reviewReturnRoute,
  reviewSaveRoute,
  type ReviewStep,
  type RouteInput,
} from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

export interface ConclusionFields {
  conclusion: string;
  advice: string;
}

/** 保存总检结论 POST /manager/api/examreview/review_save */
export const saveReview = (orderId: string, fields: ConclusionFields) =>
  api.call(reviewSaveRoute, { order_id: orderId, ...fields });

export const useSaveReview = (orderId: string) =>
  useMutation({ mutationFn: (fields: ConclusionFields) => saveReview(orderId, fields) });

/** 审核通过 POST /manager/api/examreview/review_pass */
export const passReview = (orderId: string, step: ReviewStep, fields: ConclusionFields) =>
  api.call(reviewPassRoute, { order_id: orderId, step, ...fields });

export const usePassReview = (orderId: string) =>
  useMutation({
    mutationFn: ({ step, fields }: { step: ReviewStep; fields: ConclusionFields }) => passReview(orderId, step, fields),
  });

export type ReturnRequest = Omit<RouteInput<typeof reviewReturnRoute>, 'order_id' | 'exam_dept_ids'> & {
  exam_dept_ids: number[];
};

/** 审核退回 POST /manager/api/examreview/review_return */
export const returnReview = (orderId: string, { exam_dept_ids, ...request }: ReturnRequest) =>
  api.call(reviewReturnRoute, {
    order_id: orderId,
    ...request,
    exam_dept_ids: exam_dept_ids.length ? JSON.stringify(exam_dept_ids) : undefined,
  });

export const useReturnReview = (orderId: string) =>
  useMutation({ mutationFn: (request: ReturnRequest) => returnReview(orderId, request) });
