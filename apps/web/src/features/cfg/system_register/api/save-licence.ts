import { useMutation, useQueryClient } from '@tanstack/react-query';
import { licenceSaveRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { aboutQueryOptions } from '../../../../app/api/get-about';

/** 保存授权信息 POST /manager/api/cfg/licence/save */
export const saveLicence = (input: RouteInput<typeof licenceSaveRoute>) => api.call(licenceSaveRoute, input);

/** The header's 关于本系统 reads the saved licence at once. */
export function useSaveLicence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveLicence,
    onSuccess: (about) => client.setQueryData(aboutQueryOptions.queryKey, about),
  });
}
