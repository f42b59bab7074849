import { useState } from 'react';
import { App, Button, Card, Form, Modal, Spin, Typography } from 'antd';
import { LICENCE_TYPE_LABELS, LICENCE_TYPES, licenceFormSchema, type AboutInfo } from '@checkup/api-contract';
import { SchemaForm } from '@checkup/ui';
import { useAbout } from '../../../../app/api/get-about';
import { AboutView } from '../../../../app/shell/about-view';
import { useSaveLicence } from '../api/save-licence';

const FIELDS = [
  {
    name: 'licence_type',
    label: '授权类型',
    kind: 'select' as const,
    options: LICENCE_TYPES.map((value) => ({ value, label: LICENCE_TYPE_LABELS[value] })),
  },
  { name: 'licence_code', label: '授权码', placeholder: '厂商提供的授权码' },
  { name: 'valid_from', label: '开始日期', placeholder: '例如 2026-01-01' },
  {
    name: 'valid_to',
    label: '到期日期',
    placeholder: '留空为长期有效',
    extra: '到期后所有用户在“关于本系统”中看到已到期提示',
  },
];

/** 授权信息: the product, its version and the licence, with 修改授权 for the screen's holders. */
export function LicenceCard() {
  const about = useAbout();
  const save = useSaveLicence();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();

  const edit = (current: AboutInfo) => {
    // The code is shown masked: a change of licence types it again.
    form.setFieldsValue({
      licence_type: current.licence_type,
      licence_code: '',
      valid_from: current.valid_from ?? '',
      valid_to: current.valid_to ?? '',
    });
    setOpen(true);
  };
  const submit = (values: Record<string, string>) =>
    save.mutate(values as never, {
      onSuccess: () => {
        void message.success('授权信息已保存');
        setOpen(false);
      },
      onError: (error) => void message.error(error.message),
    });

  return (
    <Card
      size="small"
      title="授权信息"
      style={{ marginBottom: 12 }}
      extra={
        about.data && (
          <Button onClick={() => edit(about.data)} aria-label="修改授权">
            修改授权
          </Button>
        )
      }
    >
      {about.isError && <Typography.Text type="danger">{about.error.message}</Typography.Text>}
      {about.data ? <AboutView about={about.data} /> : !about.isError && <Spin />}
      <Modal
        title="修改授权"
        open={open}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        forceRender
      >
        <SchemaForm schema={licenceFormSchema} fields={FIELDS} form={form} name="授权信息" onFinish={submit} />
      </Modal>
    </Card>
  );
}
