import { useMutation } from '@tanstack/react-query';
import { orderDeptSignRoute, orderImagingDeptSignRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import type { DeptRecord } from './get-dept-diagnosis';

/**
 * 科室签名 GET /manager/api/departmentdiagnosis/order_dept_sign, or for an imaging work group
 * 影像科室签名 GET /manager/api/departmentdiagnosis/order_imaging_dept_sign.
 */
export async function signDept({ orderId, deptId }: DeptRecord, workGroupId?: number): Promise<void> {
  if (workGroupId === undefined) await api.call(orderDeptSignRoute, { order_id: orderId, exam_dept_id: deptId });
  else
    await api.call(orderImagingDeptSignRoute, { order_id: orderId, exam_dept_id: deptId, work_group_id: workGroupId });
}

export const useSignDept = (record: DeptRecord) =>
  useMutation({ mutationFn: (workGroupId?: number) => signDept(record, workGroupId) });
