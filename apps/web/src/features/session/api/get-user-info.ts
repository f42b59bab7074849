import { queryOptions, useQuery } from '@tanstack/react-query';
import { userInfoRoute } from '@checkup/api-contract';
import { api } from '../../../lib/api';

/** 当前用户信息 GET /manager/api/login/user_info */
export const getUserInfo = () => api.call(userInfoRoute);

export const userInfoQueryOptions = queryOptions({
  queryKey: ['session', 'user'],
  queryFn: getUserInfo,
  staleTime: 60_000,
  retry: false,
});

export const useUserInfo = () => useQuery(userInfoQueryOptions);
