import type { ReactNode } from 'react';
import { App, Button, Card, Form, Typography } from 'antd';
import dayjs from 'dayjs';
import { EDITABLE_PARAMETERS, type EditableParameterCode, type ParameterRow } from '@checkup/api-contract';
import { useSaveParameter } from '../api/parameters';

/**
 * One editable parameter as a form: its fields, checked by the contract's rules before it is sent
 * (the server checks the same rules), then saved with the last change time shown.
 */
export function ParameterCard<T extends object>({
  code,
  row,
  initialValues,
  toValue,
  children,
}: {
  code: EditableParameterCode;
  row: ParameterRow | undefined;
  initialValues: T;
  /** The form's values as the parameter's JSON value. */
  toValue: (values: T) => unknown;
  children: ReactNode;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<T>();
  const save = useSaveParameter();
  const { name, schema } = EDITABLE_PARAMETERS[code];

  const submit = (values: T) => {
    const value = toValue(values);
    const checked = schema.safeParse(value);
    if (!checked.success) {
      void message.error(checked.error.issues[0]?.message ?? '参数值格式不正确');
      return;
    }
    save.mutate(
      { code, value: checked.data },
      {
        onSuccess: () => void message.success(`${name}已保存`),
        onError: (error) => void message.error(error.message),
      },
    );
  };

  return (
    <Card
      size="small"
      title={`${name}（${code}）`}
      extra={
        row && (
          <Typography.Text type="secondary">
            最后修改 {dayjs(row.updated_at).format('YYYY-MM-DD HH:mm')}
          </Typography.Text>
        )
      }
      style={{ marginBottom: 12 }}
    >
      <Form<T>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '120px' }}
        initialValues={initialValues}
        onFinish={submit}
        aria-label={name}
      >
        {children}
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存{name}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
