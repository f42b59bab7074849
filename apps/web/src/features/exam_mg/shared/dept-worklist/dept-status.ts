/** order_depts.status as the department doctor reads it. */
export const DEPT_STATUS_LABELS: Record<string, string> = { '0': '待检', '1': '已录入', '2': '已签名' };

export const DEPT_STATUS_COLORS: Record<string, string> = { '0': 'default', '1': 'processing', '2': 'success' };

export const DEPT_DIAG_DETAIL_PATH = '/manager/exam_mg/dept_diag_detail';

/** The detail tab of one order in one department (spec §2: the query carries order_id). */
export const deptDiagDetailPath = (orderId: string, deptId: number) =>
  `${DEPT_DIAG_DETAIL_PATH}?${new URLSearchParams({ order_id: orderId, exam_dept_id: String(deptId) })}`;
