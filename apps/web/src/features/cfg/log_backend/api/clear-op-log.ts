import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearServerOpLogRoute, serverOpLogResource } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { resourceQueryKey } from '../../../../lib/resource/resource-api';

/** 清空操作日志 POST /manager/api/backendlog/op/clear */
export const clearOpLog = () => api.call(clearServerOpLogRoute, {});

export function useClearOpLog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: clearOpLog,
    onSettled: () => client.invalidateQueries({ queryKey: resourceQueryKey(serverOpLogResource) }),
  });
}
