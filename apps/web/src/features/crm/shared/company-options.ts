import { useQuery } from '@tanstack/react-query';
import { companyArchiveOptionsRoute } from '@checkup/api-contract';
import { api } from '../../../lib/api';

/** 行业, 经济类型 (dictionaries) and the accounts a sales owner is chosen from. */
export function useCompanyOptions() {
  return useQuery({
    queryKey: ['crm', 'company-options'],
    queryFn: () => api.call(companyArchiveOptionsRoute, {}),
    staleTime: 60_000,
  });
}
