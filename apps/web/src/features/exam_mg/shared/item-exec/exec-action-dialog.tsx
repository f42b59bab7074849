import { useCallback, useState } from 'react';
import { App, AutoComplete, DatePicker, Form, Input, Modal, Segmented } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { EXEC_MOVES, type ExecAction, type ExecLine } from '@checkup/api-contract';
import { useChangeExec } from './api/change-exec';
import { SignatureCanvas, type SignaturePadHandle } from '@checkup/ui';

const REASONS: Record<ExecAction, string[]> = {
  waive: ['本人自愿放弃', '身体原因无法检查', '未空腹', '时间原因'],
  defer: ['未空腹', '经期', '时间原因', '设备检修'],
  makeup: [],
  refuse: ['本人拒绝检查', '对检查有顾虑'],
  revert: ['误操作'],
};

interface FormValues {
  reason?: string;
  exec_date?: Dayjs;
}

export interface ExecTarget {
  orderId: string;
  custName?: string;
  line: ExecLine;
  action: ExecAction;
}

/**
 * One line's 弃检 (signed by the examinee on screen, or 直接弃检), 迟检 (to a day not before today),
 * 补检 (optionally on a day), 拒检 or 撤销, with its reason. The server checks the move again.
 */
export function ExecActionDialog({ target, onClose }: { target: ExecTarget | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const change = useChangeExec();
  const [signed, setSigned] = useState(true);
  const [pad, setPad] = useState<SignaturePadHandle | null>(null);
  const onPadReady = useCallback((handle: SignaturePadHandle | null) => setPad(handle), []);
  const action = target?.action;
  const label = action ? EXEC_MOVES[action].label : '';
  const reasonRequired = action === 'waive' || action === 'refuse';
  const dated = action === 'defer' || action === 'makeup';

  const submit = async (values: FormValues) => {
    if (!target) return;
    const withSignature = target.action === 'waive' && signed;
    if (withSignature && (!pad || pad.isEmpty())) {
      void message.warning('请体检者在签名区签名，或选择直接弃检');
      return;
    }
    try {
      await change.mutateAsync({
        input: {
          order_id: target.orderId,
          union_id: target.line.union_id,
          action: target.action,
          reason: values.reason?.trim() || undefined,
          exec_date: values.exec_date?.format('YYYY-MM-DD'),
        },
        signature: withSignature ? await pad!.toFile() : undefined,
      });
      void message.success(`${target.line.union_name}已${label}`);
      onClose();
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  return (
    <Modal
      title={target ? `${label} · ${target.custName ? `${target.custName} · ` : ''}${target.line.union_name}` : label}
      open={target !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={`确认${label}`}
      confirmLoading={change.isPending}
      destroyOnHidden
      width={action === 'waive' ? 560 : 420}
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={(values) => void submit(values)}>
        {action === 'waive' && (
          <Form.Item label="弃检方式">
            <Segmented<boolean>
              aria-label="弃检方式"
              value={signed}
              onChange={setSigned}
              options={[
                { value: true, label: '体检者签名' },
                { value: false, label: '直接弃检' },
              ]}
            />
          </Form.Item>
        )}
        {dated && (
          <Form.Item
            name="exec_date"
            label={action === 'defer' ? '迟检日期' : '补检日期（可不填）'}
            rules={action === 'defer' ? [{ required: true, message: '请选择迟检日期' }] : []}
          >
            <DatePicker
              aria-label={action === 'defer' ? '迟检日期' : '补检日期'}
              style={{ width: '100%' }}
              disabledDate={(day) => day.isBefore(dayjs(), 'day')}
            />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={`${label}原因`}
          rules={[
            ...(reasonRequired ? [{ required: true, whitespace: true, message: `请填写${label}原因` }] : []),
            { max: 200, message: '原因不能超过200字' },
          ]}
        >
          <AutoComplete
            aria-label={`${label}原因`}
            options={(action ? REASONS[action] : []).map((value) => ({ value }))}
          >
            <Input placeholder={reasonRequired ? '必填，可选常用原因' : '选填'} />
          </AutoComplete>
        </Form.Item>
        {action === 'waive' && signed && (
          <Form.Item label="体检者签名" required>
            <SignatureCanvas onReady={onPadReady} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
