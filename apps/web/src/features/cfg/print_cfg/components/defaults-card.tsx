import { App, Button, Card, Form, Typography } from 'antd';
import dayjs from 'dayjs';
import { printSettingsSchema, type PrintSettings } from '@checkup/api-contract';
import { useSavePrintDefaults } from '../api/save-print-defaults';
import { fieldErrorsOf, formValuesOf, settingsOf, type SettingsFormValues } from '../settings-form';
import { SettingsFields } from './settings-fields';

/** 全中心默认设置 (parameter 0120): what every workstation prints with unless it sets its own. */
export function DefaultsCard({ defaults, updatedAt }: { defaults: PrintSettings; updatedAt: string | null }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SettingsFormValues>();
  const save = useSavePrintDefaults();

  const submit = (values: SettingsFormValues) => {
    const checked = printSettingsSchema.safeParse(settingsOf(values));
    if (!checked.success) {
      form.setFields(fieldErrorsOf(checked.error));
      return;
    }
    save.mutate(checked.data, {
      onSuccess: () => void message.success('默认打印设置已保存'),
      onError: (error) => void message.error(error.message),
    });
  };

  return (
    <Card
      size="small"
      title="全中心默认设置（参数0120）"
      extra={
        <Typography.Text type="secondary">
          {updatedAt ? `最后修改 ${dayjs(updatedAt).format('YYYY-MM-DD HH:mm')}` : '尚未保存，使用内置默认值'}
        </Typography.Text>
      }
      style={{ marginBottom: 12 }}
    >
      <Form<SettingsFormValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '130px' }}
        initialValues={formValuesOf(defaults)}
        onFinish={submit}
        name="print_defaults"
        aria-label="默认打印设置"
      >
        <SettingsFields />
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存默认设置
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
