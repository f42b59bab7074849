import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logoutRoute } from '@checkup/api-contract';
import { api } from '../../../lib/api';

/** 退出登录 POST /manager/api/login/logout */
export const logout = () => api.call(logoutRoute);

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.removeQueries({ queryKey: ['session'] }),
  });
}
