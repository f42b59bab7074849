import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewerListRoute, type ReviewStep } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 审核医生列表 GET /manager/api/examreview/reviewer_list */
export const getReviewers = (step: ReviewStep) => api.call(reviewerListRoute, { step });

export const reviewersQueryOptions = (step: ReviewStep) =>
  queryOptions({ queryKey: ['exam_review', 'reviewers', step], queryFn: () => getReviewers(step) });

export const useReviewers = (step: ReviewStep) => useQuery(reviewersQueryOptions(step));
