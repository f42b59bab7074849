import { App, Form, Input, Modal } from 'antd';
import type { CriticalValueRow } from '@checkup/api-contract';
import { useHandleCritical } from '../api/handle-critical';

/** 处理: closes a critical value (未处理 → 已处理) with the handling note. */
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
      title={row ? `处理危急值 · ${row.cust_name} · ${row.item_name} ${row.result_value}` : '处理危急值'}
      open={row !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确认处理"
      confirmLoading={handle.isPending}
      destroyOnHidden
    >
      {row && !row.notified_at && (
        <div style={{ marginBottom: 8, color: '#d46b08' }}>尚未登记通知，请确认已告知体检者或其家属。</div>
      )}
      <Form form={form} layout="vertical" preserve={false} onFinish={(values) => void submit(values)}>
        <Form.Item
          name="note"
          label="处理意见"
          rules={[
            { required: true, whitespace: true, message: '请填写处理意见' },
            { max: 500, message: '处理意见不能超过500字' },
          ]}
        >
          <Input.TextArea autoFocus rows={4} placeholder="如：已电话告知本人，建议立即到急诊就诊" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
