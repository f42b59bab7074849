import { deptLockRoute, deptUnlockRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { postOnUnload } from '../../../../lib/post-on-unload';
import type { DeptRecord } from './get-dept-diagnosis';

/** 锁定科室诊断 POST /manager/api/departmentdiagnosis/dept_lock */
export const lockDept = ({ orderId, deptId }: DeptRecord) =>
  api.call(deptLockRoute, { order_id: orderId, exam_dept_id: deptId });

/** 释放科室诊断锁 POST /manager/api/departmentdiagnosis/dept_unlock */
export const unlockDept = ({ orderId, deptId }: DeptRecord) =>
  api.call(deptUnlockRoute, { order_id: orderId, exam_dept_id: deptId });

/** The same release while the page unloads (spec §4 page close). */
export const unlockDeptOnUnload = ({ orderId, deptId }: DeptRecord) =>
  postOnUnload(deptUnlockRoute, { order_id: orderId, exam_dept_id: String(deptId) });
