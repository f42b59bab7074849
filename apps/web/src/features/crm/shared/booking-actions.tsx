import { useState } from 'react';
import { App, Button, Form, Input, Modal, Radio, Space } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  approveBookingRoute,
  cancelBookingRoute,
  confirmBookingRoute,
  examBookingResource,
  mayCall,
  type ResourceRow,
} from '@checkup/api-contract';
import { api } from '../../../lib/api';
import { resourceQueryKey } from '../../../lib/resource/resource-api';
import { useUserInfo } from '../../session/api/get-user-info';

type Row = ResourceRow<typeof examBookingResource>;

/** The desk's quick registration, filled from an individual booking (转登记, breadth §2.6 完成预约). */
export const registerPathOf = (id: number) => `/manager/exam_mg/order_quick_register?booking=${id}`;

/**
 * A booking's buttons by its state: 确认 (待预约 without a request past the cap), 取消 (not ended),
 * 审核 (a request past the cap, for who holds 超额预约审批) and 转登记 (an individual 已预约).
 */
export function BookingActions({ row }: { row: Row }) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const user = useUserInfo();
  const [approving, setApproving] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: resourceQueryKey(examBookingResource) });
  const done = (text: string) => ({
    onSuccess: () => {
      void message.success(text);
      void refresh();
    },
    onError: (err: Error) => void message.error(err.message),
  });
  const confirm = useMutation({ mutationFn: () => api.call(confirmBookingRoute, { id: row.id }) });
  const cancel = useMutation({
    mutationFn: (reason?: string) => api.call(cancelBookingRoute, { id: row.id, reason }),
  });
  const askCancel = async () => {
    let reason = '';
    const ok = await modal.confirm({
      title: '取消预约',
      content: (
        <Input aria-label="取消原因" placeholder="取消原因（可不填）" onChange={(e) => (reason = e.target.value)} />
      ),
      okText: '确定取消',
      cancelText: '返回',
    });
    if (ok) cancel.mutate(reason || undefined, done('已取消预约'));
  };
  const waiting = row.approval_state === 'pending';
  return (
    <Space size={4}>
      {row.state === 'pending' && !waiting && (
        <Button type="link" size="small" onClick={() => confirm.mutate(undefined, done('已确认预约'))}>
          确认
        </Button>
      )}
      {waiting && mayCall(approveBookingRoute, user.data?.role_menu ?? []) && (
        <Button type="link" size="small" onClick={() => setApproving(true)}>
          审核
        </Button>
      )}
      {row.kind === 'person' && row.state === 'booked' && (
        <Button type="link" size="small" onClick={() => void navigate(registerPathOf(row.id))}>
          转登记
        </Button>
      )}
      {(row.state === 'pending' || row.state === 'booked') && (
        <Button type="link" size="small" danger onClick={() => void askCancel()}>
          取消
        </Button>
      )}
      {approving && (
        <ApproveDialog
          row={row}
          onClose={() => {
            setApproving(false);
            void refresh();
          }}
        />
      )}
    </Space>
  );
}

function ApproveDialog({ row, onClose }: { row: Row; onClose(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ decision: 'passed' | 'refused'; note?: string }>();
  const decision = Form.useWatch('decision', form);
  const approve = useMutation({
    mutationFn: (v: { decision: 'passed' | 'refused'; note?: string }) =>
      api.call(approveBookingRoute, { id: row.id, ...v }),
  });
  return (
    <Modal
      open
      title="超额预约审核"
      okText="确定"
      cancelText="返回"
      okButtonProps={{ loading: approve.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <p>
        {row.cust_name} 预约 {row.book_date} {row.start_time ?? ''}，该时段已约满。
      </p>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ decision: 'passed' }}
        onFinish={(v) =>
          approve.mutate(v, {
            onSuccess: (r) => {
              void message.success(r.approval_state === 'passed' ? '已通过，预约成功' : '已不通过，预约已取消');
              onClose();
            },
            onError: (err) => void message.error(err.message),
          })
        }
      >
        <Form.Item name="decision" label="审核结果">
          <Radio.Group
            options={[
              { value: 'passed', label: '通过' },
              { value: 'refused', label: '不通过' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="note"
          label="审核意见"
          rules={[{ required: decision === 'refused', whitespace: true, message: '请填写不通过的原因' }]}
        >
          <Input.TextArea aria-label="审核意见" rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
