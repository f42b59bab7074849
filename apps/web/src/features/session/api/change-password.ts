import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changePasswordRoute, publicKeyRoute } from '@checkup/api-contract';
import { api } from '../../../lib/api';
import { encryptPassword } from '../../../lib/password';
import { userInfoQueryOptions } from './get-user-info';

export interface ChangePasswordForm {
  old_password: string;
  new_password: string;
}

/** 修改密码 POST /manager/api/login/change_password, both passwords encrypted as the login's. */
export async function changePassword(form: ChangePasswordForm) {
  const { public_key } = await api.call(publicKeyRoute);
  return api.call(changePasswordRoute, {
    old_password: await encryptPassword(form.old_password, public_key),
    new_password: await encryptPassword(form.new_password, public_key),
  });
}

/** Changes the password; the account's must-change flag is read again afterwards. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoQueryOptions.queryKey }),
  });
}
