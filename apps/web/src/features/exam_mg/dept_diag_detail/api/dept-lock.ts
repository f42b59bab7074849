import { deptLockRoute, deptUnlockRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import type { DeptRecord } from './get-dept-diagnosis';

/** 锁定科室诊断 POST /manager/api/departmentdiagnosis/dept_lock */
export const lockDept = ({ orderId, deptId }: DeptRecord) =>
  api.call(deptLockRoute, { order_id: orderId, exam_dept_id: deptId });

/** 释放科室诊断锁 POST /manager/api/departmentdiagnosis/dept_unlock */
export const unlockDept = ({ orderId, deptId }: DeptRecord) =>
  api.call(deptUnlockRoute, { order_id: orderId, exam_dept_id: deptId });

/**
 * The same release while the page unloads (spec §4 page close): a keepalive request outlives the
 * page, carries the session cookie and an Origin header, so the BFF accepts it.
 */
export function unlockDeptOnUnload({ orderId, deptId }: DeptRecord): void {
  const body = new URLSearchParams({ order_id: orderId, exam_dept_id: String(deptId) });
  try {
    void fetch(deptUnlockRoute.path, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }).catch(() => undefined);
  } catch {
    navigator.sendBeacon?.(deptUnlockRoute.path, body);
  }
}
