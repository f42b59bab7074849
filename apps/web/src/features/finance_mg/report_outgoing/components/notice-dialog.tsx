import { App, DatePicker, Form, Input, Modal, Radio, Segmented, Select } from 'antd';
import { useState } from 'react';
import type { Dayjs } from 'dayjs';
import { NOTICE_STATE_LABELS, PHONE_NOTICE_RESULTS, type NoticeChannel, type OutgoingRow } from '@checkup/api-contract';
import { useNoticePhone, useNoticeSms, useNoticeTemplates } from '../api/notices';

interface Values {
  result?: (typeof PHONE_NOTICE_RESULTS)[number];
  template_id?: number;
  phone?: string;
  when?: 'now' | 'later';
  send_at?: Dayjs;
  remark?: string;
}

/**
 * 领取通知: a phone call with its result, or an SMS from a 消息通知 template now or at a set time.
 * The server refuses a second notice within 30 days, and says so.
 */
export function NoticeDialog({ row, onClose }: { row: OutgoingRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [channel, setChannel] = useState<NoticeChannel>('phone');
  const templates = useNoticeTemplates(row !== null && channel === 'sms');
  const phone = useNoticePhone();
  const sms = useNoticeSms();
  const when = Form.useWatch('when', form);
  const templateId = Form.useWatch('template_id', form);
  const preview = templates.data?.list.find((t) => t.id === templateId)?.content;

  const submit = async (v: Values) => {
    if (!row) return;
    const common = {
      order_id: row.order_id,
      phone: v.phone?.trim() || undefined,
      remark: v.remark?.trim() || undefined,
    };
    try {
      if (channel === 'phone') {
        const notice = await phone.mutateAsync({ ...common, result: v.result! });
        void message.success(`已记录：${NOTICE_STATE_LABELS[notice.state]}`);
      } else {
        const notice = await sms.mutateAsync({
          ...common,
          template_id: v.template_id!,
          send_at: v.when === 'later' ? v.send_at?.toISOString() : undefined,
        });
        void message.success(notice.scheduled_at && v.when === 'later' ? '短信已定时，等待发送' : '短信已提交发送');
      }
      onClose();
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  return (
    <Modal
      title={row ? `领取通知 · ${row.cust_name} · ${row.phone ?? '未登记电话'}` : '领取通知'}
      open={row !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={channel === 'phone' ? '记录结果' : '发送短信'}
      confirmLoading={phone.isPending || sms.isPending}
      destroyOnHidden
    >
      <Segmented<NoticeChannel>
        aria-label="通知方式"
        value={channel}
        onChange={setChannel}
        options={[
          { value: 'phone', label: '电话通知' },
          { value: 'sms', label: '短信通知' },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ when: 'now' }}
        onFinish={(v) => void submit(v)}
      >
        {channel === 'phone' ? (
          <Form.Item name="result" label="通知结果" rules={[{ required: true, message: '请选择通知结果' }]}>
            <Radio.Group
              aria-label="通知结果"
              options={PHONE_NOTICE_RESULTS.map((r) => ({ value: r, label: NOTICE_STATE_LABELS[r] }))}
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="template_id"
              label="短信模板"
              rules={[{ required: true, message: '请选择短信模板' }]}
              extra={preview}
            >
              <Select
                aria-label="短信模板"
                loading={templates.isFetching}
                options={(templates.data?.list ?? []).map((t) => ({ value: t.id, label: t.template_name }))}
              />
            </Form.Item>
            <Form.Item name="when" label="发送时间">
              <Radio.Group
                options={[
                  { value: 'now', label: '立即发送' },
                  { value: 'later', label: '定时发送' },
                ]}
              />
            </Form.Item>
            {when === 'later' && (
              <Form.Item name="send_at" rules={[{ required: true, message: '请选择发送时间' }]}>
                <DatePicker aria-label="定时发送时间" showTime style={{ width: '100%' }} />
              </Form.Item>
            )}
          </>
        )}
        <Form.Item name="phone" label="电话" extra="不填时用体检者登记的电话">
          <Input aria-label="通知电话" />
        </Form.Item>
        <Form.Item name="remark" label="通知备注" rules={[{ max: 200, message: '备注不能超过200字' }]}>
          <Input aria-label="通知备注" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
