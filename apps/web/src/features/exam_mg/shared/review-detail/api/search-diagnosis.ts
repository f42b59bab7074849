import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reviewSearchDiagnosisRoute } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

/** 诊断字典检索（总检） GET /manager/api/examreview/search_diagnosis */
export const searchDiagnosis = (keyword: string) =>
  api.call(reviewSearchDiagnosisRoute, { keyword: keyword || undefined });

export const searchDiagnosisQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: ['diagnosis_dict', 'all', keyword],
    queryFn: () => searchDiagnosis(keyword),
    staleTime: 60_000,
  });

export const useSearchDiagnosis = (keyword: string, enabled: boolean) =>
  useQuery({ ...searchDiagnosisQueryOptions(keyword), enabled, placeholderData: keepPreviousData });
