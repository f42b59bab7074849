import { useMutation } from '@tanstack/react-query';
import { setDeptExceptionRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import type { DeptRecord } from './get-dept-diagnosis';

/** 设置科室异常 POST /manager/api/departmentdiagnosis/set_dept_exception */
export const setDeptException = ({ orderId, deptId }: DeptRecord, flag: '0' | '1', reason: string) =>
  api.call(setDeptExceptionRoute, { order_id: orderId, exam_dept_id: deptId, dept_exception_flag: flag, reason });

export const useSetDeptException = (record: DeptRecord) =>
  useMutation({
    mutationFn: ({ flag, reason }: { flag: '0' | '1'; reason: string }) => setDeptException(record, flag, reason),
  });
