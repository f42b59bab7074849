import { useMutation } from '@tanstack/react-query';
import { orderDeptUnsignRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import type { DeptRecord } from './get-dept-diagnosis';

/** 科室反审核 POST /manager/api/departmentdiagnosis/order_dept_unsign */
export const unsignDept = ({ orderId, deptId }: DeptRecord, reason: string) =>
  api.call(orderDeptUnsignRoute, { order_id: orderId, exam_dept_id: deptId, reason });

export const useUnsignDept = (record: DeptRecord) =>
  useMutation({ mutationFn: (reason: string) => unsignDept(record, reason) });
