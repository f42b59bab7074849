import { Form, Input, Modal } from 'antd';

/** A confirmation that asks why (反交接, 反领取): the reason is required and audited. */
export function ReasonDialog({
  title,
  open,
  pending,
  onConfirm,
  onClose,
}: {
  title: string;
  open: boolean;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={`确认${title.split(' · ')[0]}`}
      okButtonProps={{ danger: true }}
      confirmLoading={pending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={(v) => onConfirm(v.reason.trim())}>
        <Form.Item
          name="reason"
          label="原因"
          rules={[
            { required: true, whitespace: true, message: '请填写原因' },
            { max: 200, message: '原因不能超过200字' },
          ]}
        >
          <Input.TextArea aria-label="原因" rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
