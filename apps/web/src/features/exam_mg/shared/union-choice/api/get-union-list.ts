import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unionListByKeyRoute } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

/** 按关键字查询组合项目 GET /manager/api/package/get_union_list_by_key */
export const getUnionList = (key: string, sex?: '1' | '2') =>
  api.call(unionListByKeyRoute, { key: key || undefined, sex });

export const unionListQueryOptions = (key: string, sex?: '1' | '2') =>
  queryOptions({
    queryKey: ['package', 'unions', key, sex ?? ''],
    queryFn: () => getUnionList(key, sex),
    staleTime: 60_000,
  });

export const useUnionList = (key: string, sex?: '1' | '2') =>
  useQuery({ ...unionListQueryOptions(key, sex), placeholderData: keepPreviousData });
