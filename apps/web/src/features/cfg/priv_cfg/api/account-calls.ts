import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountOptionsRoute,
  accountResource,
  publicKeyRoute,
  resetPasswordRoute,
  unlockAccountRoute,
  uploadSignatureRoute,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { encryptPassword } from '../../../../lib/password';
import { resourceQueryKey } from '../../../../lib/resource/resource-api';

/** 账号可选角色和科室 GET /manager/api/user/account/options */
export const accountOptionsQuery = queryOptions({
  queryKey: ['resource', accountResource.spec.name, 'options'],
  queryFn: () => api.call(accountOptionsRoute),
  staleTime: 60_000,
});
export const useAccountOptions = () => useQuery(accountOptionsQuery);

/** A password typed here, encrypted with the server's public key as the login's (spec §5). */
export async function sealPassword(password: string) {
  const { public_key } = await api.call(publicKeyRoute);
  return encryptPassword(password, public_key);
}

/** 重置密码 and 解锁: each reads the accounts again when done. */
export function useAccountActions() {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: resourceQueryKey(accountResource) });
  return {
    resetPassword: useMutation({
      mutationFn: async (q: { user_id: number; password: string }) =>
        api.call(resetPasswordRoute, { user_id: q.user_id, password: await sealPassword(q.password) }),
      onSuccess: settled,
    }),
    unlock: useMutation({
      mutationFn: (userId: number) => api.call(unlockAccountRoute, { user_id: userId }),
      onSuccess: settled,
    }),
  };
}

/** 上传签名图片 POST /manager/api/user/account/upload_signature (multipart); kept when the form is saved. */
export const uploadSignature = (file: File) => api.upload(uploadSignatureRoute, {}, file);
