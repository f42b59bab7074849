import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginLogResource, unlockAccountRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { resourceQueryKey } from '../../../../lib/resource/resource-api';

/** 解锁账号 POST /manager/api/user/unlock */
export const unlockAccount = (userId: number) => api.call(unlockAccountRoute, { user_id: userId });

export function useUnlockAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unlockAccount,
    onSettled: () => client.invalidateQueries({ queryKey: resourceQueryKey(loginLogResource) }),
  });
}
