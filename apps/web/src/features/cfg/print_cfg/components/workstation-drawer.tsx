import { App, Button, Drawer, Form, Input, Space, Typography } from 'antd';
import {
  workstationNameField,
  workstationOverridesSchema,
  type PrintSettings,
  type Workstation,
} from '@checkup/api-contract';
import { useSaveWorkstation } from '../api/save-workstation';
import { fieldErrorsOf, formValuesOf, overridesOf, type WorkstationFormValues } from '../settings-form';
import { SettingsFields } from './settings-fields';

/** One workstation's name and its own settings; what is left blank follows the centre's defaults. */
export function WorkstationDrawer({
  workstation,
  defaults,
  onClose,
}: {
  workstation: Workstation | null;
  defaults: PrintSettings;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<WorkstationFormValues>();
  const save = useSaveWorkstation();

  const submit = (values: WorkstationFormValues) => {
    if (!workstation) return;
    const name = workstationNameField.safeParse(values.workstation_name ?? '');
    const overrides = workstationOverridesSchema.safeParse(overridesOf(values));
    if (!name.success || !overrides.success) {
      form.setFields([
        ...(name.success ? [] : [{ name: 'workstation_name' as const, errors: [name.error.issues[0]!.message] }]),
        ...(overrides.success ? [] : fieldErrorsOf<WorkstationFormValues>(overrides.error)),
      ]);
      return;
    }
    save.mutate(
      { id: workstation.workstation_id, name: name.data, overrides: overrides.data },
      {
        onSuccess: () => {
          void message.success(`工作站“${name.data}”的设置已保存`);
          onClose();
        },
        onError: (error) => void message.error(error.message),
      },
    );
  };

  return (
    <Drawer
      open={workstation !== null}
      title={workstation ? `工作站设置：${workstation.workstation_name}` : ''}
      size={600}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {workstation && (
        <Form<WorkstationFormValues>
          form={form}
          layout="horizontal"
          labelCol={{ flex: '130px' }}
          initialValues={{
            ...formValuesOf(workstation.overrides),
            workstation_name: workstation.workstation_name,
            card_reader_url: workstation.overrides.card_reader_url ?? '',
          }}
          onFinish={submit}
          name="workstation_settings"
          aria-label="工作站设置"
        >
          <Form.Item label="工作站名称" name="workstation_name">
            <Input maxLength={32} style={{ maxWidth: 240 }} />
          </Form.Item>
          <Typography.Paragraph type="secondary" style={{ marginLeft: 130 }}>
            留空的项使用全中心默认设置（灰色提示）。
          </Typography.Paragraph>
          <SettingsFields defaults={defaults} />
          <Form.Item label="读卡地址" name="card_reader_url" extra="本工作站的身份证读卡地址，以 / 结尾">
            <Input placeholder="默认：参数设置（0110）中的读卡地址" style={{ maxWidth: 360 }} />
          </Form.Item>
          <Form.Item
            label="自助机地址"
            extra="自助机：把它的起始页设为自助打印地址加上这一段，该自助机即按本工作站的读卡地址读卡"
          >
            <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
              {`#/self_print?workstation=${workstation.workstation_id}`}
            </Typography.Text>
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
