import { useState } from 'react';
import { App, Form, Input, InputNumber, Modal, Radio, Select, Typography } from 'antd';
import { PAY_MODE_LABELS, REVIEW_MG_MESSAGES, type PayMode, type ReviewPlanRow } from '@checkup/api-contract';
import { useUnionList } from '../../shared/union-choice/api/get-union-list';
import { useRegisterReview } from '../api/review-writes';

interface RegisterForm {
  exam_date: string;
  union_ids: number[];
  pay_mode: PayMode;
  discount_rate?: number | null;
}

const todayText = () => new Date().toLocaleDateString('sv-SE');

/**
 * 登记复查: the re-exam visit of one waiting 复查 — its items prefilled from the suggestion and
 * editable (a union chosen once), the day (the due day, or today when it is past), 复查收费方式 (统收
 * only for a group visit) and 复查折扣. The server registers it as exam type 复查, linked to the first visit.
 */
export function RegisterReviewDialog({ row, onClose }: { row: ReviewPlanRow; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RegisterForm>();
  const [key, setKey] = useState('');
  const unions = useUnionList(key, row.sex === '1' || row.sex === '2' ? row.sex : undefined);
  const register = useRegisterReview();
  const names = row.union_names ? row.union_names.split('、') : [];
  const suggested = row.union_ids.map((id, i) => ({ value: id, label: names[i] ?? String(id) }));
  const found = (unions.data ?? []).map((u) => ({ value: u.id, label: u.union_name }));
  const options = [...suggested, ...found.filter((o) => !suggested.some((s) => s.value === o.value))];
  const today = todayText();

  const submit = (values: RegisterForm) =>
    register.mutate(
      {
        id: row.id,
        exam_date: values.exam_date,
        union_ids: JSON.stringify(values.union_ids ?? []),
        pay_mode: values.pay_mode,
        discount_rate: values.discount_rate ?? undefined,
      },
      {
        onSuccess: (saved) => {
          void message.success(`已登记复查，体检号 ${saved.order_id}，应收 ¥${saved.total_price}`);
          onClose();
        },
        onError: (err) => void message.error(err.message),
      },
    );

  return (
    <Modal
      open
      title={`登记复查：${row.cust_name}（首次体检 ${row.order_id}）`}
      okText="登记复查"
      cancelText="取消"
      okButtonProps={{ loading: register.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<RegisterForm>
        form={form}
        layout="vertical"
        size="small"
        onFinish={submit}
        initialValues={{
          exam_date: row.due_date < today ? today : row.due_date,
          union_ids: row.union_ids,
          pay_mode: 'self',
        }}
      >
        <Form.Item name="exam_date" label="复查日期" rules={[{ required: true, message: '请选择复查日期' }]}>
          <Input type="date" aria-label="复查日期" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="union_ids" label="复查项目" rules={[{ required: true, message: REVIEW_MG_MESSAGES.noUnions }]}>
          <Select
            aria-label="复查项目"
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: setKey }}
            options={options}
            placeholder="输入名称或拼音查找组合项目"
          />
        </Form.Item>
        <Form.Item name="pay_mode" label="复查收费方式">
          <Radio.Group
            options={(['self', 'company'] as const).map((mode) => ({
              value: mode,
              label: PAY_MODE_LABELS[mode],
              disabled: mode === 'company' && !row.company_name,
            }))}
          />
        </Form.Item>
        <Form.Item name="discount_rate" label="复查折扣（%）" extra="按原价的百分比收取：90 即九折；留空为原价">
          <InputNumber aria-label="复查折扣" min={1} max={100} precision={1} style={{ width: 140 }} />
        </Form.Item>
        {row.notes && <Typography.Paragraph type="secondary">注意事项：{row.notes}</Typography.Paragraph>}
      </Form>
    </Modal>
  );
}
