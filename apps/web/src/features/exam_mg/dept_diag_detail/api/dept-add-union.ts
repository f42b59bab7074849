import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { deptAddUnionRoute, deptAddableUnionsRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { deptRecordKey, type DeptRecord } from './get-dept-diagnosis';

/** 科室可加项目 GET /manager/api/departmentdiagnosis/dept_addable_unions */
export const addableUnionsQueryOptions = (record: DeptRecord) =>
  queryOptions({
    queryKey: [...deptRecordKey(record), 'addable-unions'],
    queryFn: () => api.call(deptAddableUnionsRoute, { order_id: record.orderId, exam_dept_id: record.deptId }),
    retry: false,
  });

export const useAddableUnions = (record: DeptRecord, enabled: boolean) =>
  useQuery({ ...addableUnionsQueryOptions(record), enabled });

/** 科室加项 POST /manager/api/departmentdiagnosis/dept_add_union */
export const useAddDeptUnion = ({ orderId, deptId }: DeptRecord) =>
  useMutation({
    mutationFn: (unionId: number) =>
      api.call(deptAddUnionRoute, { order_id: orderId, exam_dept_id: deptId, union_id: unionId }),
  });
