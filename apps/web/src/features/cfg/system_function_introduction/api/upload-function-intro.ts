import { useMutation, useQueryClient } from '@tanstack/react-query';
import { functionIntroResource, functionIntroUploadRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 上传功能说明PDF POST /manager/api/cfg/function_intro/upload (multipart) */
export const uploadFunctionIntro = (id: number, file: File) => api.upload(functionIntroUploadRoute, { id }, file);

export function useUploadFunctionIntro() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => uploadFunctionIntro(id, file),
    onSuccess: () => client.invalidateQueries({ queryKey: ['resource', functionIntroResource.spec.name] }),
  });
}
