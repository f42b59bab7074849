import { App, Form, Input, Modal } from 'antd';
import type { CriticalValueRow } from '@checkup/api-contract';
import { useHandleCritical } from '../api/handle-critical';

/** 专家处理: an expert closes a notified critical value (已通知 → 已处理) with their opinion. */
export function HandleModal({ row, onClose }: { row: CriticalValueRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note: string }>();
  const handle = useHandleCritical();

  const submit = async ({ note }: { note: string }) => {
    if (!row) return;
    try {
      await handle.mutateAsync({ id: row.id, note });
      void message.success('危急值已处理');
      onClose();
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  return (
    <Modal
      title={row ? `专家处理 · ${row.cust_name} · ${row.item_name} ${row.result_value}` : '专家处理'}
      open={row !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确认处理"
      confirmLoading={handle.isPending}
      destroyOnHidden
    >
      {row?.notified_person && <div style={{ marginBottom: 8 }}>已通知：{row.notified_person}</div>}
      <Form form={form} layout="vertical" preserve={false} onFinish={(values) => void submit(values)}>
        <Form.Item
          name="note"
          label="处理意见"
          rules={[
            { required: true, whitespace: true, message: '请填写处理意见' },
            { max: 500, message: '处理意见不能超过500字' },
          ]}
        >
          <Input.TextArea autoFocus rows={4} placeholder="如：建议立即到血液科急诊就诊，复查血常规" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
