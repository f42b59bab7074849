import { App, Form, Modal } from 'antd';
import { advanceOpenRoute, companyArchiveResource } from '@checkup/api-contract';
import { ResourceSelect } from '../../../../lib/resource/resource-select';
import { useSettleWrite } from '../../shared/settlement/settle-api';

/** 开户: a company gets its prepaid account (one per company). */
export function OpenDialog({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ company_id: number }>();
  const open = useSettleWrite(advanceOpenRoute);
  const submit = async (v: { company_id: number }) => {
    try {
      const made = await open.mutateAsync({ company_id: v.company_id });
      void message.success(`已为${made.company_name}开立预缴账户`);
      onClose();
    } catch (err) {
      void message.error((err as Error).message);
    }
  };
  return (
    <Modal
      open
      title="开立预缴账户"
      okText="确认开户"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={open.isPending}
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="company_id" label="单位" rules={[{ required: true, message: '请选择单位' }]}>
          <ResourceSelect
            resource={companyArchiveResource}
            labelOf={(c) => c.company_name}
            aria-label="单位"
            placeholder="输入名称搜索单位"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
