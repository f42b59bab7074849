import { useState } from 'react';
import { Alert, Card, Space, Typography } from 'antd';
import { CallDesk } from '../shared/call-desk/call-desk';
import { DeptPicker, useChosenDept } from '../shared/call-desk/dept-picker';

/** 叫号 (exam_mg/queue_mg_call): a department's calling desk, F2 calls the next, F3 calls again. */
export default function QueueMgCall() {
  const [picked, setPicked] = useState<number | null>(null);
  const { depts, deptId } = useChosenDept(picked);

  return (
    <Card
      size="small"
      title="叫号"
      extra={
        <Space>
          <Typography.Text type="secondary">F2 呼叫下一位 · F3 重呼</Typography.Text>
          <DeptPicker depts={depts} value={deptId} onChange={setPicked} />
        </Space>
      }
    >
      {depts.data?.length === 0 && <Alert type="warning" showIcon title="当前账号没有分配科室，请联系管理员。" />}
      {deptId !== null && <CallDesk key={deptId} deptId={deptId} />}
    </Card>
  );
}
