import { App, Form, Input, Modal } from 'antd';
import { useBanActions } from '../../shared/order-ban/use-order-ban';

/** 禁检: the reason is required; entry, review and report of the visit go read-only until it is lifted. */
export function BanDialog({ orderId, open, onClose }: { orderId: string; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const { ban } = useBanActions(orderId);

  const submit = async ({ reason }: { reason: string }) => {
    try {
      await ban.mutateAsync(reason);
      void message.success('已禁检');
      onClose();
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  return (
    <Modal
      title="禁检"
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确认禁检"
      okButtonProps={{ danger: true }}
      confirmLoading={ban.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={(v) => void submit(v)}>
        <Form.Item
          name="reason"
          label="禁检原因"
          rules={[
            { required: true, whitespace: true, message: '请填写禁检原因' },
            { max: 200, message: '禁检原因不能超过200个字符' },
          ]}
        >
          <Input.TextArea rows={3} autoFocus placeholder="如：血压过高，暂缓体检" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
