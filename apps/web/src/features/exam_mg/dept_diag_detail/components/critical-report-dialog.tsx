import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { CRITICAL_LEVEL_LABELS, CRITICAL_LEVELS, type CriticalLevel } from '@checkup/api-contract';
import type { DeptRecord } from '../api/get-dept-diagnosis';
import { useDeptDiagnosis } from '../api/get-dept-diagnosis';
import { useReportCritical } from '../api/report-critical';

interface ReportForm {
  item_id: number;
  result_value: string;
  level: CriticalLevel;
  description: string;
}

/**
 * 危急值提报 (issue 20): a finding no limit catches (an image, a smear) reported by the doctor with the
 * level they judge; it reaches 危急值管理 to be notified and handled by others.
 */
export function CriticalReportDialog({
  record,
  open,
  onClose,
}: {
  record: DeptRecord;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ReportForm>();
  const view = useDeptDiagnosis(record);
  const report = useReportCritical();
  const items = (view.data?.unions ?? []).flatMap((u) => u.items);

  const submit = (values: ReportForm) =>
    report.mutate(
      { order_id: record.orderId, exam_dept_id: record.deptId, ...values },
      {
        onSuccess: () => {
          void message.success('危急值已提报，等待通知和专家处理');
          onClose();
        },
        onError: (err) => void message.error(err.message),
      },
    );

  return (
    <Modal
      title="危急值提报"
      open={open}
      okText="提报"
      okButtonProps={{ danger: true, loading: report.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ReportForm> form={form} layout="vertical" preserve={false} initialValues={{ level: '3' }} onFinish={submit}>
        <Form.Item name="item_id" label="项目" rules={[{ required: true, message: '请选择项目' }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="本科室的项目"
            options={items.map((i) => ({ value: i.item_id, label: i.item_name }))}
            onChange={(id: number) =>
              form.setFieldValue('result_value', items.find((i) => i.item_id === id)?.result_value ?? '')
            }
          />
        </Form.Item>
        <Form.Item
          name="result_value"
          label="结果"
          rules={[
            { required: true, whitespace: true, message: '请填写结果' },
            { max: 256, message: '结果不能超过256个字' },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="level" label="危急程度" rules={[{ required: true, message: '请选择危急程度' }]}>
          <Radio.Group options={CRITICAL_LEVELS.map((v) => ({ value: v, label: CRITICAL_LEVEL_LABELS[v] }))} />
        </Form.Item>
        <Form.Item
          name="description"
          label="描述"
          rules={[
            { required: true, whitespace: true, message: '请填写描述' },
            { max: 500, message: '描述不能超过500字' },
          ]}
        >
          <Input.TextArea rows={3} placeholder="如：外周血涂片见大量幼稚细胞，疑急性白血病" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
