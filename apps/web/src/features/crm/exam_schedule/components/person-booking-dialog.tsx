import { App, DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BOOKING_MESSAGES,
  bookPersonRoute,
  examBookingResource,
  scheduleSlotResource,
  SLOT_TYPE_LABELS,
  SLOT_TYPES,
  type ResourceRow,
  type SlotType,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { resourceQueryKey, useResourceList } from '../../../../lib/resource/resource-api';

interface Values {
  slot_type: SlotType;
  day?: Dayjs;
  slot_id?: number;
  cust_name: string;
  sex: '1' | '2';
  cust_id_card: string;
  phone: string;
  company_name: string;
  remark?: string;
}
type Slot = ResourceRow<typeof scheduleSlotResource>;
/** What the server says of a full slot to a user who may ask past the cap. */
const ASK_OVER = `${BOOKING_MESSAGES.full}，可提交超额预约申请`;
const need = (message: string) => [{ required: true, whitespace: true, message }];

/** 个人预约: a slot of the chosen type and day (with what remains), and the person; all but 备注 required. */
export function PersonBookingDialog({ onClose }: { onClose(): void }) {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const slotType = Form.useWatch('slot_type', form) ?? 'normal';
  const day = Form.useWatch('day', form);
  const slots = useResourceList(
    scheduleSlotResource,
    {
      date_from: day?.format('YYYY-MM-DD'),
      date_to: day?.format('YYYY-MM-DD'),
      slot_type: slotType,
      is_open: '1',
      page: 1,
      size: 50,
    },
    day !== undefined,
  );
  const book = useMutation({
    mutationFn: (input: Values & { over_capacity: '0' | '1' }) =>
      api.call(bookPersonRoute, {
        slot_type: input.slot_type,
        slot_id: input.slot_id!,
        cust_name: input.cust_name,
        sex: input.sex,
        cust_id_card: input.cust_id_card,
        phone: input.phone,
        company_name: input.company_name,
        remark: input.remark,
        over_capacity: input.over_capacity,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: resourceQueryKey(examBookingResource) }),
  });

  const submit = async (values: Values, overCapacity: '0' | '1' = '0') => {
    try {
      const answer = await book.mutateAsync({ ...values, over_capacity: overCapacity });
      void message.success(answer.state === 'pending' ? '已提交超额预约申请，待审核' : '预约成功');
      onClose();
    } catch (err) {
      const text = (err as Error).message;
      if (text !== ASK_OVER) {
        void message.error(text);
        return;
      }
      const ok = await modal.confirm({
        title: '该时段已约满',
        content: '是否提交超额预约申请？审核通过后即为已预约。',
        okText: '提交申请',
        cancelText: '返回',
      });
      if (ok) await submit(values, '1');
    }
  };

  const slotLabel = (s: Slot) => `${s.start_time}-${s.end_time}（剩余 ${s.remaining}）`;
  return (
    <Modal
      open
      title="个人预约"
      okText="提交预约"
      cancelText="取消"
      okButtonProps={{ loading: book.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={560}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ slot_type: 'normal', sex: '1' }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="slot_type" label="预约类型" rules={[{ required: true, message: BOOKING_MESSAGES.slotType }]}>
          <Radio.Group
            options={SLOT_TYPES.map((t) => ({ value: t, label: SLOT_TYPE_LABELS[t] }))}
            onChange={() => form.setFieldValue('slot_id', undefined)}
          />
        </Form.Item>
        <Form.Item name="day" label="预约日期" rules={[{ required: true, message: '请选择预约日期' }]}>
          <DatePicker
            aria-label="预约日期"
            disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
            onChange={() => form.setFieldValue('slot_id', undefined)}
          />
        </Form.Item>
        <Form.Item name="slot_id" label="预约时段" rules={[{ required: true, message: BOOKING_MESSAGES.slotType }]}>
          <Select
            aria-label="预约时段"
            loading={slots.isFetching}
            placeholder={day ? '选择时段' : '请先选择日期'}
            notFoundContent="当天没有开放的该类型时段"
            options={((slots.data?.list ?? []) as unknown as Slot[]).map((s) => ({ value: s.id, label: slotLabel(s) }))}
          />
        </Form.Item>
        <Form.Item name="cust_name" label="姓名" rules={need('请填写姓名')}>
          <Input aria-label="姓名" maxLength={64} />
        </Form.Item>
        <Form.Item name="sex" label="性别" rules={[{ required: true, message: '请选择性别' }]}>
          <Radio.Group
            options={[
              { value: '1', label: '男' },
              { value: '2', label: '女' },
            ]}
          />
        </Form.Item>
        <Form.Item name="cust_id_card" label="身份证号" rules={need('请填写身份证号')}>
          <Input aria-label="身份证号" maxLength={18} />
        </Form.Item>
        <Form.Item name="phone" label="手机号" rules={need('请填写手机号')}>
          <Input aria-label="手机号" maxLength={20} />
        </Form.Item>
        <Form.Item name="company_name" label="单位" rules={need('请填写单位')}>
          <Input aria-label="单位" maxLength={128} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea aria-label="备注" rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
