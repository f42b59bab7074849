import { useMutation } from '@tanstack/react-query';
import { matchDiagByUnionRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import type { DeptRecord } from './get-dept-diagnosis';

/** 匹配诊断 POST /manager/api/departmentdiagnosis/match_diag_by_union — with the results as typed. */
export const matchDiagnoses = ({ orderId, deptId }: DeptRecord, results: Record<string, string>) =>
  api.call(matchDiagByUnionRoute, {
    order_id: orderId,
    exam_dept_id: deptId,
    results: JSON.stringify(
      Object.entries(results).map(([itemId, value]) => ({ item_id: Number(itemId), result_value: value })),
    ),
  });

export const useMatchDiagnoses = (record: DeptRecord) =>
  useMutation({ mutationFn: (results: Record<string, string>) => matchDiagnoses(record, results) });
