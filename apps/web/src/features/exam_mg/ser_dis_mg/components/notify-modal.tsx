import { App, DatePicker, Form, Input, Modal, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  NOTIFY_METHOD_LABELS,
  NOTIFY_METHODS,
  NOTIFY_RELATION_LABELS,
  NOTIFY_RELATIONS,
  type CriticalValueRow,
} from '@checkup/api-contract';
import { useNotifyCritical } from '../api/notify-critical';

interface NotifyForm {
  notified_person: string;
  notify_relation: (typeof NOTIFY_RELATIONS)[number];
  notify_method: (typeof NOTIFY_METHODS)[number];
  /** When the call was made; empty is now. */
  notified_time?: Dayjs | null;
}

/** 登记通知: whom the centre told of the critical value, their relation to the examinee, how and when. */
export function NotifyModal({ row, onClose }: { row: CriticalValueRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<NotifyForm>();
  const notify = useNotifyCritical();

  const submit = async ({ notified_time, ...values }: NotifyForm) => {
    if (!row) return;
    try {
      await notify.mutateAsync({
        id: row.id,
        ...values,
        ...(notified_time ? { notified_time: notified_time.format('YYYY-MM-DD HH:mm') } : {}),
      });
      void message.success('通知已登记');
      onClose();
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  return (
    <Modal
      title={row ? `登记通知 · ${row.cust_name} · ${row.item_name} ${row.result_value}` : '登记通知'}
      open={row !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="登记"
      confirmLoading={notify.isPending}
      destroyOnHidden
    >
      <Form<NotifyForm>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ notify_relation: 'self', notify_method: 'phone' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="notified_person"
          label="被通知人"
          rules={[
            { required: true, whitespace: true, message: '请填写被通知人' },
            { max: 64, message: '被通知人不能超过64个字' },
          ]}
        >
          <Input autoFocus placeholder="姓名" />
        </Form.Item>
        <Form.Item name="notify_relation" label="与体检者关系">
          <Radio.Group options={NOTIFY_RELATIONS.map((v) => ({ value: v, label: NOTIFY_RELATION_LABELS[v] }))} />
        </Form.Item>
        <Form.Item name="notify_method" label="通知方式">
          <Radio.Group options={NOTIFY_METHODS.map((v) => ({ value: v, label: NOTIFY_METHOD_LABELS[v] }))} />
        </Form.Item>
        <Form.Item name="notified_time" label="通知时间" extra="不填为现在">
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            placeholder="不填为现在"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
