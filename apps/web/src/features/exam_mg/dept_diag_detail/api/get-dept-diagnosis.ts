import { queryOptions, useQuery } from '@tanstack/react-query';
import { deptDiagnosisListRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

export interface DeptRecord {
  orderId: string;
  deptId: number;
}

export const deptRecordKey = ({ orderId, deptId }: DeptRecord) => ['order', orderId, 'dept', deptId] as const;

/** 科室诊断详情 GET /manager/api/departmentdiagnosis/get_order_union_diagnosis_list */
export const getDeptDiagnosis = ({ orderId, deptId }: DeptRecord) =>
  api.call(deptDiagnosisListRoute, { order_id: orderId, exam_dept_id: deptId });

export const deptDiagnosisQueryOptions = (record: DeptRecord) =>
  queryOptions({
    queryKey: [...deptRecordKey(record), 'diagnosis'],
    queryFn: () => getDeptDiagnosis(record),
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useDeptDiagnosis = (record: DeptRecord) => useQuery(deptDiagnosisQueryOptions(record));
