import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginRoute, publicKeyRoute } from '@checkup/api-contract';
import { api } from '../../../lib/api';
import { encryptPassword } from '../../../lib/password';
import { userInfoQueryOptions } from '../../session/api/get-user-info';

export interface LoginForm {
  user_account: string;
  password: string;
}

/** 登录 POST /manager/api/login/login, with the password encrypted by the server's public key. */
export async function login(form: LoginForm) {
  const { public_key } = await api.call(publicKeyRoute);
  return api.call(loginRoute, {
    user_account: form.user_account.trim(),
    password: await encryptPassword(form.password, public_key),
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => queryClient.setQueryData(userInfoQueryOptions.queryKey, user),
  });
}
