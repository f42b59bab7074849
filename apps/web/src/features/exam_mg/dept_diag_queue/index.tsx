import { useState } from 'react';
import { Alert, Card, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { QueueEntry } from '@checkup/api-contract';
import { DEPT_DIAG_DETAIL_PATH } from '../../../app/shell/use-navigation-rules';
import { usePersonGuard } from '../../session/confidential-guard';
import { CallDesk } from '../shared/call-desk/call-desk';
import { DeptPicker, useChosenDept } from '../shared/call-desk/dept-picker';

export function deptDiagDetailUrl(orderId: string, deptId: number): string {
  return `${DEPT_DIAG_DETAIL_PATH}?${new URLSearchParams({ order_id: orderId, exam_dept_id: String(deptId) })}`;
}

/**
 * 科室排队 (exam_mg/dept_diag_queue): the department doctor's queue; calling the next examinee opens
 * their result entry (dept_diag_detail) in its tab.
 */
export default function DeptDiagQueue() {
  const navigate = useNavigate();
  const mayView = usePersonGuard();
  const [picked, setPicked] = useState<number | null>(null);
  const { depts, deptId } = useChosenDept(picked);

  const open = (entry: QueueEntry) => {
    if (deptId === null || !mayView(entry)) return;
    navigate(deptDiagDetailUrl(entry.order_id, deptId));
  };

  return (
    <Card
      size="small"
      title="科室排队"
      extra={
        <Space>
          <Typography.Text type="secondary">F2 呼叫下一位并打开录入 · F3 重呼</Typography.Text>
          <DeptPicker depts={depts} value={deptId} onChange={setPicked} />
        </Space>
      }
    >
      {depts.data?.length === 0 && <Alert type="warning" showIcon title="当前账号没有分配科室，请联系管理员。" />}
      {deptId !== null && <CallDesk key={deptId} deptId={deptId} onCalled={open} />}
    </Card>
  );
}
