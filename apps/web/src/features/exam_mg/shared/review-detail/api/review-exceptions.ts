import { useMutation } from '@tanstack/react-query';
import {
  handleExceptionRoute,
  recallAbnormalRoute,
  setReviewExceptionRoute,
  updateCorrectionStatusRoute,
} from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

// The history is the same call as the department screen's.
export { useExceptionHistory } from '../../exceptions/api/get-exception-history';

/** 标记总检异常 POST /manager/api/examreview/set_review_exception */
export const useSetReviewException = (orderId: string) =>
  useMutation({ mutationFn: (reason: string) => api.call(setReviewExceptionRoute, { order_id: orderId, reason }) });

/** 处理异常 POST /manager/api/examreview/handle_exception */
export const useHandleException = (orderId: string) =>
  useMutation({
    mutationFn: ({ id, advise }: { id: number; advise: string }) =>
      api.call(handleExceptionRoute, { order_id: orderId, id, advise }),
  });

/** 撤回异常报告状态 POST /manager/api/examreview/recall_abnormal */
export const useRecallAbnormal = (orderId: string) =>
  useMutation({ mutationFn: (reason: string) => api.call(recallAbnormalRoute, { order_id: orderId, reason }) });

/** 清除AI纠错提醒 POST /manager/api/examreview/update_correction_status */
export const useUpdateCorrectionStatus = (orderId: string) =>
  useMutation({ mutationFn: () => api.call(updateCorrectionStatusRoute, { order_id: orderId }) });
