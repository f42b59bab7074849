import { useMutation } from '@tanstack/react-query';
import { diagnosisUnionSaveRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { savePayload, type EntryState } from '../entry-state';
import type { DeptRecord } from './get-dept-diagnosis';

/** 保存科室诊断 POST /manager/api/departmentdiagnosis/diagnosis_union_save */
export function saveDeptDiagnosis({ orderId, deptId }: DeptRecord, state: EntryState) {
  const payload = savePayload(state);
  return api.call(diagnosisUnionSaveRoute, {
    order_id: orderId,
    exam_dept_id: deptId,
    results: JSON.stringify(payload.results),
    summary: JSON.stringify(payload.summary),
    diag_list: JSON.stringify(payload.diag_list),
  });
}

export const useSaveDeptDiagnosis = (record: DeptRecord) =>
  useMutation({ mutationFn: (state: EntryState) => saveDeptDiagnosis(record, state) });
