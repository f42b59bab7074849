import { useMutation } from '@tanstack/react-query';
import { updateCorrectionStatusRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 清除AI纠错提醒 POST /manager/api/examreview/update_correction_status */
export const updateCorrectionStatus = (orderId: string) => api.call(updateCorrectionStatusRoute, { order_id: orderId });

export const useUpdateCorrectionStatus = (orderId: string) =>
  useMutation({ mutationFn: () => updateCorrectionStatus(orderId) });
