import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadExceptionImageRoute } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';
import { exceptionHistoryQueryOptions } from './get-exception-history';

/** 上传异常图片 POST /manager/api/examreview/upload_exception_image (multipart) */
export const uploadExceptionImage = (orderId: string, id: number, file: File) =>
  api.upload(uploadExceptionImageRoute, { order_id: orderId, id }, file);

export function useUploadExceptionImage(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => uploadExceptionImage(orderId, id, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exceptionHistoryQueryOptions(orderId).queryKey }),
  });
}
