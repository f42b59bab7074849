import { Button, Form, Input, Radio } from 'antd';
import {
  DELIVERY_METHOD_LABELS,
  DELIVERY_METHODS,
  deliveryFieldsSchema,
  type DeliveryFields,
  type DeliveryMethod,
} from '@checkup/api-contract';

const RECIPIENT_LABELS: Record<DeliveryMethod, string> = {
  pickup: '领取人',
  mail: '收件人',
  sms: '收件人（默认体检者）',
  email: '收件人（默认体检者）',
};
const DESTINATION_LABELS: Partial<Record<DeliveryMethod, string>> = {
  mail: '邮寄地址',
  sms: '手机号（不填则发往登记的手机号）',
  email: '电子邮箱',
};

/**
 * How a report goes out (send_rpt, new_send): the method and what it needs. The contract's schema
 * checks it, so the page and the server say the same thing about a missing field.
 */
export function DeliveryForm({
  disabled,
  sending,
  onSend,
}: {
  disabled: boolean;
  sending: boolean;
  onSend: (fields: DeliveryFields) => void;
}) {
  const [form] = Form.useForm<DeliveryFields>();
  const method = Form.useWatch('method', form) ?? 'pickup';

  const submit = (values: DeliveryFields) => {
    const checked = deliveryFieldsSchema.safeParse(values);
    if (checked.success) {
      onSend(values);
      return;
    }
    const errors = new Map<string, string[]>();
    for (const issue of checked.error.issues) {
      const name = String(issue.path[0] ?? 'method');
      errors.set(name, [...(errors.get(name) ?? []), issue.message]);
    }
    form.setFields([...errors].map(([name, messages]) => ({ name: name as keyof DeliveryFields, errors: messages })));
  };

  return (
    <Form<DeliveryFields>
      form={form}
      layout="vertical"
      size="small"
      initialValues={{ method: 'pickup' }}
      onFinish={submit}
      onValuesChange={(changed) => {
        if ('method' in changed)
          form.setFields([
            { name: 'recipient', errors: [] },
            { name: 'destination', errors: [] },
          ]);
      }}
    >
      <Form.Item name="method" label="发送方式">
        <Radio.Group
          optionType="button"
          options={DELIVERY_METHODS.map((m) => ({ value: m, label: DELIVERY_METHOD_LABELS[m] }))}
        />
      </Form.Item>
      <Form.Item name="recipient" label={RECIPIENT_LABELS[method]}>
        <Input maxLength={64} />
      </Form.Item>
      {DESTINATION_LABELS[method] && (
        <Form.Item name="destination" label={DESTINATION_LABELS[method]}>
          {method === 'mail' ? <Input.TextArea rows={2} maxLength={128} /> : <Input maxLength={128} />}
        </Form.Item>
      )}
      {method === 'mail' && (
        <Form.Item name="tracking_no" label="运单号">
          <Input maxLength={40} />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" autoInsertSpace={false} disabled={disabled} loading={sending}>
        发送
      </Button>
    </Form>
  );
}
