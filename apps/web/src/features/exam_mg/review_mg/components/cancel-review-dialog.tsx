import { App, Form, Input, Modal } from 'antd';
import type { ReviewPlanRow } from '@checkup/api-contract';
import { useCancelReview } from '../api/review-writes';

/** 取消复查 with its reason (required, kept and audited). */
export function CancelReviewDialog({ row, onClose }: { row: ReviewPlanRow; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useCancelReview();
  return (
    <Modal
      open
      title={`取消复查：${row.cust_name}（${row.order_id}）`}
      okText="确定取消复查"
      okButtonProps={{ danger: true, loading: cancel.isPending }}
      cancelText="返回"
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={({ reason }) =>
          cancel.mutate(
            { id: row.id, reason },
            {
              onSuccess: () => {
                void message.success('已取消复查');
                onClose();
              },
              onError: (err) => void message.error(err.message),
            },
          )
        }
      >
        <Form.Item
          name="reason"
          label="取消原因"
          rules={[{ required: true, whitespace: true, message: '请填写取消原因' }]}
        >
          <Input.TextArea aria-label="取消原因" rows={3} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
