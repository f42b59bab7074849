import { queryOptions, useQuery } from '@tanstack/react-query';
import { myDeptsRoute } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

/** 我的科室 GET /manager/api/departmentdiagnosis/my_depts */
export const getMyDepts = () => api.call(myDeptsRoute);

export const myDeptsQueryOptions = queryOptions({
  queryKey: ['dept_diag', 'my_depts'],
  queryFn: getMyDepts,
  staleTime: 5 * 60_000,
});

export const useMyDepts = () => useQuery(myDeptsQueryOptions);
