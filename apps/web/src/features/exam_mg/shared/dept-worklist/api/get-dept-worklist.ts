import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { deptWorklistRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

export type WorklistFilter = RouteInput<typeof deptWorklistRoute> & { exam_dept_id: number };

/** 科室工作列表 GET /manager/api/departmentdiagnosis/dept_worklist */
export const getDeptWorklist = (filter: WorklistFilter) => api.call(deptWorklistRoute, filter);

export const deptWorklistQueryOptions = (filter: WorklistFilter) =>
  queryOptions({
    queryKey: ['dept_diag', 'worklist', filter],
    queryFn: () => getDeptWorklist(filter),
  });

export const useDeptWorklist = (filter: WorklistFilter | null) =>
  useQuery({
    ...deptWorklistQueryOptions(filter ?? { exam_dept_id: 0, exam_date: '' }),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
  });
