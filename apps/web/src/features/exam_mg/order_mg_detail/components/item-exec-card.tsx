import { Alert, Card, Spin } from 'antd';
import { EXEC_ORDER_STATUSES, ORDER_STATUS_LABELS } from '@checkup/api-contract';
import { useExecLines } from '../../shared/item-exec/api/get-exec-lines';
import { ExecLinesTable } from '../../shared/item-exec/exec-lines-table';

/** 项目执行: each line's 未检/已检/弃检/迟检/拒检/补检 with who, when and why, and the desk's actions. */
export function ItemExecCard({ orderId }: { orderId: string }) {
  const visit = useExecLines(orderId);
  if (visit.isPending) return <Spin />;
  if (visit.isError) return <Alert type="warning" showIcon title={visit.error.message} />;
  const data = visit.data;
  const disabledReason = data.ban_reason
    ? `已禁检：${data.ban_reason}`
    : EXEC_ORDER_STATUSES.has(data.status)
      ? null
      : `订单当前状态为「${ORDER_STATUS_LABELS[data.status]}」`;
  return (
    <Card size="small" title="项目执行（弃检 / 迟检 / 补检 / 拒检）">
      {disabledReason && (
        <Alert type="info" showIcon title={`${disabledReason}，不能更改项目执行状态`} style={{ marginBottom: 8 }} />
      )}
      <ExecLinesTable orderId={orderId} custName={data.cust_name} lines={data.lines} disabledReason={disabledReason} />
    </Card>
  );
}
