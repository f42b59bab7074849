import { useState } from 'react';
import type { Dayjs } from 'dayjs';
import {
  App,
  Alert,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Popconfirm,
  Radio,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import {
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  SMS_RECIPIENT_MODES,
  SMS_RECIPIENT_MODE_LABELS,
  SMS_STATES,
  SMS_STATE_LABELS,
  smsMessageResource,
  type ResourceRow,
  type SmsRecipientMode,
} from '@checkup/api-contract';
import type { GenericColumn } from '@checkup/ui';
import { ResourceList } from '../../../lib/resource/resource-list';
import { useSmsActions, useSmsCompanies, useSmsTemplates, type SmsSendForm } from './api/sms-actions';

type SmsRow = ResourceRow<typeof smsMessageResource>;
const STATE_COLORS = { waiting: 'blue', sent: 'green', failed: 'red', cancelled: 'default' } as const;

const columns: GenericColumn<SmsRow>[] = [
  { title: '提交时间', dataIndex: 'created_at', width: 165 },
  { title: '发送时间', dataIndex: 'scheduled_at', width: 165 },
  { title: '体检号', dataIndex: 'order_id', width: 140 },
  { title: '姓名', dataIndex: 'recipient_name', width: 80 },
  { title: '手机号', dataIndex: 'phone', width: 120 },
  { title: '模板', dataIndex: 'template_name', width: 120 },
  {
    title: '短信内容',
    dataIndex: 'content',
    width: 260,
    render: (t: string) => (
      <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 240 }}>
        {t}
      </Typography.Text>
    ),
  },
  {
    title: '状态',
    dataIndex: 'state',
    width: 90,
    render: (s: SmsRow['state']) => <Tag color={STATE_COLORS[s]}>{SMS_STATE_LABELS[s]}</Tag>,
  },
  { title: '发送人', dataIndex: 'operator_name', width: 90 },
];

interface FormValues {
  template_id?: number;
  mode: SmsRecipientMode;
  order_ids?: string;
  phones?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
  company_id?: number;
  group_id?: number;
  status?: string;
  timing: 'now' | 'later';
  send_at?: Dayjs | null;
}

/** The form's values as the send call takes them (the server checks them and answers in words). */
function sendFormOf(v: FormValues): SmsSendForm {
  const recipients =
    v.mode === 'orders'
      ? { mode: v.mode, order_ids: v.order_ids ?? '' }
      : v.mode === 'phones'
        ? { mode: v.mode, phones: v.phones ?? '' }
        : {
            mode: v.mode,
            date_from: v.dates?.[0]?.format('YYYY-MM-DD') ?? '',
            date_to: v.dates?.[1]?.format('YYYY-MM-DD') ?? '',
            company_id: v.company_id ?? '',
            group_id: v.group_id ?? '',
            status: v.status ?? '',
          };
  return {
    template_id: v.template_id ?? ('' as unknown as number),
    recipients: JSON.stringify(recipients),
    send_at: v.timing === 'later' ? (v.send_at?.toISOString() ?? '') : undefined,
  };
}

/**
 * 短信管理 (crm/text_message, issue 22): a 消息通知 template sent to visits chosen by 体检号 or by filter,
 * or to typed mobile numbers, each message with the visit's 姓名/体检号/体检日期/单位 filled in; 预览 shows
 * the first; 立即发送 or 定时发送. Below, the send log (phone and name masked) with 取消 of a waiting one.
 */
export default function TextMessage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const templates = useSmsTemplates();
  const actions = useSmsActions();
  const mode = Form.useWatch('mode', form) ?? 'orders';
  const timing = Form.useWatch('timing', form) ?? 'now';
  const templateId = Form.useWatch('template_id', form);
  const companyId = Form.useWatch('company_id', form);
  const companies = useSmsCompanies(mode === 'filter');
  const [preview, setPreview] = useState<{ count: number; skipped: number; content: string; to: string } | null>(null);
  const fail = (error: Error) => void message.error(error.message);
  const template = templates.data?.list.find((t) => t.id === templateId);
  const groups = companies.data?.find((c) => c.id === companyId)?.groups ?? [];

  const onPreview = () =>
    actions.preview.mutate(sendFormOf(form.getFieldsValue(true)), {
      onSuccess: (r) =>
        setPreview(
          r.first && {
            count: r.count,
            skipped: r.skipped,
            content: r.first.content,
            to: `${r.first.recipient}${r.first.recipient ? ' ' : ''}${r.first.phone}`,
          },
        ),
      onError: fail,
    });
  const onSend = () =>
    actions.send.mutate(sendFormOf(form.getFieldsValue(true)), {
      onSuccess: (r) => {
        setPreview(null);
        void message.success(
          `已提交${r.count}条短信${r.skipped > 0 ? `，${r.skipped}人没有登记手机号未发送` : ''}（批次${r.batch_no}）`,
        );
      },
      onError: fail,
    });

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card size="small" title="发送短信">
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ flex: '90px' }}
          initialValues={{ mode: 'orders', timing: 'now' }}
        >
          <Form.Item label="短信模板" name="template_id">
            <Select
              aria-label="短信模板"
              placeholder="选择消息通知中的短信模板"
              style={{ maxWidth: 360 }}
              loading={templates.isLoading}
              options={templates.data?.list.map((t) => ({ value: t.id, label: t.template_name }))}
              onChange={() => setPreview(null)}
            />
          </Form.Item>
          {template && (
            <Form.Item label="模板内容">
              <Typography.Text type="secondary">{template.content}</Typography.Text>
            </Form.Item>
          )}
          <Form.Item label="收信人" name="mode">
            <Radio.Group
              options={SMS_RECIPIENT_MODES.map((m) => ({ value: m, label: SMS_RECIPIENT_MODE_LABELS[m] }))}
              onChange={() => setPreview(null)}
            />
          </Form.Item>
          {mode === 'orders' && (
            <Form.Item label="体检号" name="order_ids">
              <Input.TextArea aria-label="体检号" rows={3} placeholder="每行一个体检号，或用逗号分隔" />
            </Form.Item>
          )}
          {mode === 'phones' && (
            <Form.Item label="手机号" name="phones">
              <Input.TextArea aria-label="手机号" rows={3} placeholder="每行一个手机号，或用逗号分隔" />
            </Form.Item>
          )}
          {mode === 'filter' && (
            <Space wrap>
              <Form.Item label="体检日期" name="dates">
                <DatePicker.RangePicker />
              </Form.Item>
              <Form.Item label="单位" name="company_id">
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  style={{ width: 220 }}
                  options={companies.data?.map((c) => ({ value: c.id, label: c.company_name }))}
                  onChange={() => form.setFieldValue('group_id', undefined)}
                />
              </Form.Item>
              <Form.Item label="分组" name="group_id">
                <Select
                  allowClear
                  style={{ width: 160 }}
                  options={groups.map((g) => ({ value: g.id, label: g.group_name }))}
                />
              </Form.Item>
              <Form.Item label="体检状态" name="status">
                <Select
                  allowClear
                  style={{ width: 140 }}
                  options={ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))}
                />
              </Form.Item>
            </Space>
          )}
          <Form.Item label="发送方式">
            <Space>
              <Form.Item name="timing" noStyle>
                <Radio.Group
                  options={[
                    { value: 'now', label: '立即发送' },
                    { value: 'later', label: '定时发送' },
                  ]}
                />
              </Form.Item>
              {timing === 'later' && (
                <Form.Item name="send_at" noStyle>
                  <DatePicker showTime aria-label="发送时间" placeholder="选择发送时间" />
                </Form.Item>
              )}
            </Space>
          </Form.Item>
          {preview && (
            <Alert
              style={{ marginBottom: 12 }}
              type="info"
              message={`共${preview.count}条${preview.skipped > 0 ? `，${preview.skipped}人没有登记手机号将跳过` : ''}；第一条发给${preview.to}`}
              description={preview.content}
            />
          )}
          <Space>
            <Button onClick={onPreview} loading={actions.preview.isPending}>
              预览
            </Button>
            <Popconfirm
              title={timing === 'later' ? '确定按所选时间发送短信？' : '确定立即发送短信？'}
              okText="发送"
              cancelText="取消"
              onConfirm={onSend}
            >
              <Button type="primary" loading={actions.send.isPending}>
                {timing === 'later' ? '定时发送' : '立即发送'}
              </Button>
            </Popconfirm>
          </Space>
        </Form>
      </Card>
      <ResourceList
        resource={smsMessageResource}
        title="发送记录"
        columns={columns}
        filters={[
          { name: 'key', kind: 'search', label: '搜索', placeholder: '体检号、模板或内容' },
          {
            name: 'state',
            kind: 'select',
            label: '状态',
            options: SMS_STATES.map((s) => ({ value: s, label: SMS_STATE_LABELS[s] })),
          },
          { kind: 'days', label: '提交时间' },
        ]}
        rowActions={(row) =>
          row.state === 'waiting' && (
            <Popconfirm
              title="确定取消发送这条短信？"
              okText="取消发送"
              cancelText="不取消"
              onConfirm={() =>
                actions.cancel.mutate(row.id, { onSuccess: () => void message.success('已取消'), onError: fail })
              }
            >
              <Button type="link" size="small" danger>
                取消发送
              </Button>
            </Popconfirm>
          )
        }
        detail={{
          title: '短信详情',
          items: (r) => [
            { label: '批次', value: r.batch_no },
            { label: '体检号', value: r.order_id ?? '' },
            { label: '姓名', value: r.recipient_name ?? '' },
            { label: '手机号', value: r.phone },
            { label: '模板', value: r.template_name },
            { label: '发送时间', value: r.scheduled_at },
            { label: '完成时间', value: r.finished_at ?? '' },
            { label: '状态', value: SMS_STATE_LABELS[r.state] },
            { label: '发送人', value: r.operator_name },
          ],
          blocks: (r) => [
            { title: '短信内容', text: r.content },
            { title: '结果', text: r.detail ?? '' },
          ],
        }}
      />
    </Space>
  );
}
