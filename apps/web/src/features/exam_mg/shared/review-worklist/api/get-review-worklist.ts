import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reviewWorklistRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

export type ReviewWorklistFilter = RouteInput<typeof reviewWorklistRoute>;

/** 总检工作列表 GET /manager/api/examreview/review_worklist */
export const getReviewWorklist = (filter: ReviewWorklistFilter) => api.call(reviewWorklistRoute, filter);

export const reviewWorklistQueryOptions = (filter: ReviewWorklistFilter) =>
  queryOptions({ queryKey: ['exam_review', 'worklist', filter], queryFn: () => getReviewWorklist(filter) });

export const useReviewWorklist = (filter: ReviewWorklistFilter) =>
  useQuery({ ...reviewWorklistQueryOptions(filter), placeholderData: keepPreviousData });
