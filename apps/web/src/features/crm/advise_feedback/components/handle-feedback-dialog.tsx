import { App, Form, Input, Modal, Radio } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  FEEDBACK_NEXT,
  feedbackHandleRoute,
  feedbackResource,
  type FeedbackState,
  type ResourceRow,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { resourceQueryKey } from '../../../../lib/resource/resource-api';

type Row = ResourceRow<typeof feedbackResource>;
type Next = '处理中' | '已处理' | '不予处理';

/** 处理 one feedback: the next state, and the note (the reason, required for 不予处理). */
export function HandleFeedbackDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ state: Next; note?: string }>();
  const state = Form.useWatch('state', form);
  const handle = useMutation({
    mutationFn: (body: { id: number; state: Next; note?: string }) => api.call(feedbackHandleRoute, body),
    onSuccess: () => client.invalidateQueries({ queryKey: resourceQueryKey(feedbackResource) }),
  });
  const choices = FEEDBACK_NEXT[row.state as FeedbackState] as Next[];
  return (
    <Modal
      open
      title="处理意见反馈"
      okText="确定"
      okButtonProps={{ loading: handle.isPending }}
      cancelText="返回"
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ state: choices[0] }}
        onFinish={({ state: next, note }) =>
          handle.mutate(
            { id: row.id, state: next, note },
            {
              onSuccess: () => {
                void message.success(`已标记为${next}`);
                onClose();
              },
              onError: (err) => void message.error(err.message),
            },
          )
        }
      >
        <p>{row.content}</p>
        <Form.Item name="state" label="处理结果">
          <Radio.Group options={choices.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item
          name="note"
          label={state === '不予处理' ? '不予处理的原因' : '处理说明'}
          rules={[{ required: state === '不予处理', whitespace: true, message: '请填写不予处理的原因' }]}
        >
          <Input.TextArea aria-label="处理说明" rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
