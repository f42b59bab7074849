import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Input, Modal, Radio, Select, Space } from 'antd';
import {
  groupOrderApproveRoute,
  groupOrderChangeApproveRoute,
  groupOrderChangeRoute,
  groupOrderChangeSubmitRoute,
  groupOrderCloseRoute,
  groupOrderDeliveryRoute,
  groupOrderSubmitRoute,
  groupOrderUnapproveRoute,
  groupOrderWithdrawRoute,
  groupOrderResource,
  groupPriceResource,
  type GroupOrderChangeState,
  type GroupOrderState,
  type RouteDescriptor,
} from '@checkup/api-contract';
import { api } from '../../../lib/api';
import { resourceQueryKey } from '../../../lib/resource/resource-api';
import { deliveryOptions, OrderStateTag } from '../shared/group-order-fields';

export interface OrderMoveRow {
  id: number;
  version: number;
  approval_state: GroupOrderState;
  change_state: GroupOrderChangeState;
  approval_note: string | null;
  change_note: string | null;
  report_delivery: string;
  desk_note: string | null;
  closed: boolean;
}

type Dialog = { kind: 'approve' | 'change_approve' | 'change' | 'delivery' } | null;

/**
 * The order's moves (breadth §2.3): 提交/撤回, 审核/反审核 and 变更审批 (a leader's; the server refuses
 * others), 变更 with its note, 变更提交, 结束, and 发放方式/前台须知 in any state. Only the moves the state
 * allows are offered; the server checks them again.
 */
export function OrderMoves({ row }: { row: OrderMoveRow }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [note, setNote] = useState('');
  const [pass, setPass] = useState<'1' | '0'>('1');
  const [delivery, setDelivery] = useState(row.report_delivery);
  const [deskNote, setDeskNote] = useState(row.desk_note ?? '');
  const move = useMutation({
    mutationFn: ({ route, extra }: { route: RouteDescriptor; extra?: Record<string, string> }) =>
      api.call(route, { id: row.id, version: row.version, ...extra } as never),
    onSuccess: () => {
      void message.success('操作成功');
      setDialog(null);
      void client.invalidateQueries({ queryKey: resourceQueryKey(groupOrderResource) });
      void client.invalidateQueries({ queryKey: resourceQueryKey(groupPriceResource) });
    },
    onError: (error) => void message.error(error.message),
  });
  const run = (route: RouteDescriptor, extra?: Record<string, string>) => move.mutate({ route, extra });
  const open = (kind: NonNullable<Dialog>['kind']) => {
    setNote('');
    setPass('1');
    setDelivery(row.report_delivery);
    setDeskNote(row.desk_note ?? '');
    setDialog({ kind });
  };
  const state = row.approval_state;
  const change = row.change_state;
  const confirm = () => {
    if (dialog?.kind === 'approve') run(groupOrderApproveRoute, { pass, note });
    if (dialog?.kind === 'change_approve') run(groupOrderChangeApproveRoute, { pass, note });
    if (dialog?.kind === 'change') run(groupOrderChangeRoute, { note });
    if (dialog?.kind === 'delivery') run(groupOrderDeliveryRoute, { report_delivery: delivery, desk_note: deskNote });
  };
  const titles = {
    approve: '订单审批',
    change_approve: '变更审批',
    change: '变更订单',
    delivery: '修改发放方式/前台须知',
  };
  return (
    <Card size="small" title="审批与变更" style={{ marginTop: 16 }}>
      <Descriptions size="small" column={3}>
        <Descriptions.Item label="状态">
          <OrderStateTag state={state} change={change} />
          {row.closed ? '（已结束）' : ''}
        </Descriptions.Item>
        <Descriptions.Item label="审批意见">{row.approval_note ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="变更备注">{row.change_note ?? '—'}</Descriptions.Item>
      </Descriptions>
      <Space wrap>
        {['draft', 'withdrawn', 'rejected'].includes(state) && !row.closed ? (
          <Button type="primary" onClick={() => run(groupOrderSubmitRoute)}>
            提交
          </Button>
        ) : null}
        {state === 'submitted' ? (
          <>
            <Button onClick={() => run(groupOrderWithdrawRoute)}>撤回</Button>
            <Button type="primary" onClick={() => open('approve')}>
              审核
            </Button>
          </>
        ) : null}
        {state === 'approved' && !row.closed ? (
          <>
            {change !== 'changed' && change !== 'change_submitted' ? (
              <>
                <Button onClick={() => run(groupOrderUnapproveRoute)}>反审核</Button>
                <Button onClick={() => open('change')}>变更</Button>
                <Button danger onClick={() => run(groupOrderCloseRoute)}>
                  结束
                </Button>
              </>
            ) : null}
            {change === 'changed' ? (
              <Button type="primary" onClick={() => run(groupOrderChangeSubmitRoute)}>
                变更提交
              </Button>
            ) : null}
            {change === 'change_submitted' ? (
              <Button type="primary" onClick={() => open('change_approve')}>
                变更审批
              </Button>
            ) : null}
          </>
        ) : null}
        {!row.closed ? <Button onClick={() => open('delivery')}>修改发放方式/前台须知</Button> : null}
      </Space>
      <Modal
        open={dialog !== null}
        title={dialog ? titles[dialog.kind] : ''}
        onCancel={() => setDialog(null)}
        onOk={confirm}
        confirmLoading={move.isPending}
        destroyOnHidden
      >
        {dialog?.kind === 'approve' || dialog?.kind === 'change_approve' ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Radio.Group value={pass} onChange={(e) => setPass(e.target.value as '1' | '0')}>
              <Radio value="1">通过</Radio>
              <Radio value="0">不通过</Radio>
            </Radio.Group>
            <Input.TextArea
              aria-label="审批意见"
              placeholder="审批意见（必填）"
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </Space>
        ) : null}
        {dialog?.kind === 'change' ? (
          <Input.TextArea
            aria-label="变更备注"
            placeholder="变更备注（必填）"
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        ) : null}
        {dialog?.kind === 'delivery' ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Select
              aria-label="发放方式"
              options={deliveryOptions}
              value={delivery}
              onChange={setDelivery}
              style={{ width: 200 }}
            />
            <Input.TextArea aria-label="前台须知" value={deskNote} onChange={(e) => setDeskNote(e.target.value)} />
          </Space>
        ) : null}
      </Modal>
    </Card>
  );
}
