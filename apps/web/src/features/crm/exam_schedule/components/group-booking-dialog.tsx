import { App, DatePicker, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bookableGroupOrdersRoute,
  bookGroupRoute,
  examBookingResource,
  SLOT_TYPE_LABELS,
  SLOT_TYPES,
  type SlotType,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { resourceQueryKey } from '../../../../lib/resource/resource-api';

interface Values {
  group_order_id: number;
  slot_type: SlotType;
  head_count: number;
  range: [Dayjs, Dayjs];
  remark?: string;
}

/** 团体预约: an approved group order, the head-count (at least 1) and the days; it starts 待预约. */
export function GroupBookingDialog({ onClose }: { onClose(): void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const orders = useQuery({
    queryKey: ['resource', examBookingResource.spec.name, 'group_orders'],
    queryFn: () => api.call(bookableGroupOrdersRoute, {}),
  });
  const book = useMutation({
    mutationFn: (v: Values) =>
      api.call(bookGroupRoute, {
        group_order_id: v.group_order_id,
        slot_type: v.slot_type,
        head_count: String(v.head_count),
        date_from: v.range[0].format('YYYY-MM-DD'),
        date_to: v.range[1].format('YYYY-MM-DD'),
        remark: v.remark,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: resourceQueryKey(examBookingResource) }),
  });
  return (
    <Modal
      open
      title="团体预约"
      okText="提交预约"
      cancelText="取消"
      okButtonProps={{ loading: book.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ slot_type: 'normal', head_count: 1 }}
        onFinish={(v) =>
          book.mutate(v, {
            onSuccess: () => {
              void message.success('团体预约已提交（待预约），确认后即为已预约');
              onClose();
            },
            onError: (err) => void message.error(err.message),
          })
        }
      >
        <Form.Item name="group_order_id" label="团检订单" rules={[{ required: true, message: '请选择团检订单' }]}>
          <Select
            aria-label="团检订单"
            showSearch={{ optionFilterProp: 'label' }}
            loading={orders.isLoading}
            notFoundContent="没有审核通过且未结束的团检订单"
            options={(orders.data ?? []).map((o) => ({
              value: o.id,
              label: `${o.order_no} ${o.order_name}（${o.company_name ?? ''}）`,
            }))}
          />
        </Form.Item>
        <Form.Item name="slot_type" label="预约类型">
          <Radio.Group options={SLOT_TYPES.map((t) => ({ value: t, label: SLOT_TYPE_LABELS[t] }))} />
        </Form.Item>
        <Form.Item name="head_count" label="预约人数" rules={[{ required: true, message: '请填写预约人数' }]}>
          <InputNumber aria-label="预约人数" min={1} max={100000} />
        </Form.Item>
        <Form.Item name="range" label="起止日期" rules={[{ required: true, message: '请选择起止日期' }]}>
          <DatePicker.RangePicker disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea aria-label="备注" rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
