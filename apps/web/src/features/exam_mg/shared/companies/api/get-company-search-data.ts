import { queryOptions, useQuery } from '@tanstack/react-query';
import { companySearchDataRoute } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

/** 单位查询数据 GET /manager/api/company/get_search_data?is_search_exam_area=1 */
export const getCompanySearchData = () => api.call(companySearchDataRoute, { is_search_exam_area: '1' });

export const companySearchDataQueryOptions = queryOptions({
  queryKey: ['company', 'search_data', '1'],
  queryFn: getCompanySearchData,
  staleTime: 5 * 60_000,
});

export const useCompanySearchData = (enabled: boolean) => useQuery({ ...companySearchDataQueryOptions, enabled });
