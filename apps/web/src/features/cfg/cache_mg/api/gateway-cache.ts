import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gatewayCacheClearRoute, gatewayCacheStatusRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 网关缓存状态 GET /manager/api/bff/cache/status */
export const getGatewayCacheStatus = () => api.call(gatewayCacheStatusRoute, {});

export const gatewayCacheStatusQueryOptions = queryOptions({
  queryKey: ['cache_mg', 'status'],
  queryFn: getGatewayCacheStatus,
});

export const useGatewayCacheStatus = () => useQuery(gatewayCacheStatusQueryOptions);

/** 清除网关缓存 POST /manager/api/bff/cache/clear */
export const clearGatewayCache = () => api.call(gatewayCacheClearRoute, {});

export const useClearGatewayCache = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearGatewayCache,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['cache_mg'] }),
  });
};
