import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewDetailRoute } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

/** 总检详情 GET /manager/api/examreview/review_detail */
export const getReviewDetail = (orderId: string) => api.call(reviewDetailRoute, { order_id: orderId });

export const reviewDetailQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['order', orderId, 'review'],
    queryFn: () => getReviewDetail(orderId),
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useReviewDetail = (orderId: string) => useQuery(reviewDetailQueryOptions(orderId));
