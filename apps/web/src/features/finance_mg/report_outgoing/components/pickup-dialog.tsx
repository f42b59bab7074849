import { useCallback, useState } from 'react';
import { App, DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  PICKUP_METHOD_LABELS,
  PICKUP_METHODS,
  SHIPPED_PICKUP_METHODS,
  type OutgoingRow,
  type PickupMethod,
} from '@checkup/api-contract';
import { SignatureCanvas, type SignaturePadHandle } from '@checkup/ui';
import { usePickUp } from '../api/pick-up';

interface Values {
  method: PickupMethod;
  receiver: string;
  phone?: string;
  courier_company?: string;
  tracking_no?: string;
  picked_at: Dayjs;
  remark?: string;
}

/**
 * 领取: 发放方式 and 领取人 required, the phone, courier and tracking number when shipped, and the
 * collector's signature drawn on screen; without one the desk is asked to confirm (breadth §3.4).
 */
export function PickupDialog({ row, onClose }: { row: OutgoingRow | null; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const pickUp = usePickUp();
  const [pad, setPad] = useState<SignaturePadHandle | null>(null);
  const onPadReady = useCallback((handle: SignaturePadHandle | null) => setPad(handle), []);
  const method = Form.useWatch('method', form);
  const shipped = method !== undefined && SHIPPED_PICKUP_METHODS.includes(method);

  const send = async (values: Values, signed: boolean) => {
    if (!row) return;
    try {
      await pickUp.mutateAsync({
        input: {
          order_id: row.order_id,
          method: values.method,
          receiver: values.receiver.trim(),
          phone: values.phone?.trim() || undefined,
          courier_company: values.courier_company?.trim() || undefined,
          tracking_no: values.tracking_no?.trim() || undefined,
          picked_at: values.picked_at.toISOString(),
          remark: values.remark?.trim() || undefined,
        },
        signature: signed ? await pad!.toFile() : undefined,
      });
      void message.success(`${row.cust_name}的报告已领取`);
      onClose();
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  const submit = (values: Values) => {
    if (pad && !pad.isEmpty()) return void send(values, true);
    modal.confirm({
      title: '领取人未签名',
      content: '没有领取人签名，确定继续领取吗？',
      okText: '不签名领取',
      cancelText: '返回签名',
      onOk: () => send(values, false),
    });
  };

  return (
    <Modal
      title={row ? `领取 · ${row.cust_name} · ${row.order_id}` : '领取'}
      open={row !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确认领取"
      confirmLoading={pickUp.isPending}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ picked_at: dayjs() }} onFinish={submit}>
        <Form.Item name="method" label="发放方式" rules={[{ required: true, message: '请选择发放方式' }]}>
          <Select
            aria-label="发放方式"
            options={PICKUP_METHODS.map((m) => ({ value: m, label: PICKUP_METHOD_LABELS[m] }))}
          />
        </Form.Item>
        <Form.Item
          name="receiver"
          label="领取人"
          rules={[{ required: true, whitespace: true, message: '请填写领取人' }, { max: 64 }]}
        >
          <Input aria-label="领取人" />
        </Form.Item>
        <Form.Item name="phone" label="电话">
          <Input aria-label="电话" />
        </Form.Item>
        {shipped && (
          <>
            <Form.Item
              name="courier_company"
              label="快递公司"
              rules={[{ required: true, whitespace: true, message: '请填写快递公司' }]}
            >
              <Input aria-label="快递公司" />
            </Form.Item>
            <Form.Item
              name="tracking_no"
              label="快递号"
              rules={[{ required: true, whitespace: true, message: '请填写快递号' }]}
            >
              <Input aria-label="快递号" />
            </Form.Item>
          </>
        )}
        <Form.Item name="picked_at" label="领取时间" rules={[{ required: true, message: '请选择领取时间' }]}>
          <DatePicker aria-label="领取时间" showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注不能超过200字' }]}>
          <Input aria-label="备注" />
        </Form.Item>
        <Form.Item label="领取人签名">
          <SignatureCanvas label="领取人签名区" onReady={onPadReady} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
