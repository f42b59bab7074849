import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportReviewRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 报告审核 POST /manager/api/report/report_review */
export const reviewReport = (input: RouteInput<typeof reportReviewRoute>) => api.call(reportReviewRoute, input);

export const useReviewReport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewReport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['report'] }),
  });
};
