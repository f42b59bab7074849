import { queryOptions, useQuery } from '@tanstack/react-query';
import { versionRoute } from '@checkup/api-contract';
import { api } from '../../lib/api';

/** 系统版本信息 GET /manager/api/commondata/version */
export const getVersion = () => api.call(versionRoute);

export const versionQueryOptions = queryOptions({
  queryKey: ['commondata', 'version'],
  queryFn: getVersion,
  staleTime: 5 * 60_000,
});

export const useVersion = () => useQuery(versionQueryOptions);
