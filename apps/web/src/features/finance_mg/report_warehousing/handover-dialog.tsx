import { App, DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { batchSummary } from '../shared/batch-summary';
import { CabinetSelect } from '../shared/cabinet-select';
import { useHandOver } from './api/hand-over';

interface Values {
  receiver: string;
  handed_at: Dayjs;
  cabinet_no?: string;
}

/**
 * 终审交接 of the chosen reports: who at the report desk takes them, when, and into which cabinet
 * (left empty: the one the visit was marked for, else 1号柜). The server refuses any not yet 终审.
 */
export function HandoverDialog({ orderIds, onClose }: { orderIds: string[] | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const handOver = useHandOver();

  const submit = async (values: Values) => {
    if (!orderIds) return;
    try {
      const answer = await handOver.mutateAsync({
        orderIds,
        fields: {
          receiver: values.receiver.trim(),
          handed_at: values.handed_at.toISOString(),
          cabinet_no: values.cabinet_no,
        },
      });
      const summary = batchSummary('交接', answer);
      void message[summary.level](summary.text);
      if (answer.success > 0) onClose();
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  return (
    <Modal
      title={`终审交接 · ${orderIds?.length ?? 0}份报告`}
      open={orderIds !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确认交接"
      confirmLoading={handOver.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ handed_at: dayjs() }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="receiver"
          label="接收人"
          rules={[{ required: true, whitespace: true, message: '请填写接收人' }, { max: 64 }]}
        >
          <Input aria-label="接收人" placeholder="报告室接收报告的人" />
        </Form.Item>
        <Form.Item name="handed_at" label="交接时间" rules={[{ required: true, message: '请选择交接时间' }]}>
          <DatePicker aria-label="交接时间" showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="cabinet_no" label="柜子号" extra="不选时按登记时指定的柜子，未指定的放1号柜">
          <CabinetSelect aria-label="柜子号" placeholder="默认" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
