import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { packageListRoute } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

/** 套餐列表 GET /manager/api/package/list */
export const getPackageList = (sex?: '1' | '2') => api.call(packageListRoute, { sex });

export const packageListQueryOptions = (sex?: '1' | '2') =>
  queryOptions({ queryKey: ['package', 'list', sex ?? ''], queryFn: () => getPackageList(sex), staleTime: 5 * 60_000 });

// While the list for a new sex loads, the last one stays: choosing from it is checked by the rules anyway.
export const usePackageList = (sex?: '1' | '2') =>
  useQuery({ ...packageListQueryOptions(sex), placeholderData: keepPreviousData });
