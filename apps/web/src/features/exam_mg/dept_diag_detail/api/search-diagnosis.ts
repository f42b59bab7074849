import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchDiagnosisRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 诊断字典检索 GET /manager/api/departmentdiagnosis/search_diagnosis */
export const searchDiagnosis = (deptId: number, keyword: string) =>
  api.call(searchDiagnosisRoute, { exam_dept_id: deptId, keyword: keyword || undefined });

export const searchDiagnosisQueryOptions = (deptId: number, keyword: string) =>
  queryOptions({
    queryKey: ['diagnosis_dict', deptId, keyword],
    queryFn: () => searchDiagnosis(deptId, keyword),
    staleTime: 60_000,
  });

export const useSearchDiagnosis = (deptId: number, keyword: string, enabled: boolean) =>
  useQuery({ ...searchDiagnosisQueryOptions(deptId, keyword), enabled, placeholderData: keepPreviousData });
