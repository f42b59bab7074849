import { App, DatePicker, Form, InputNumber, Modal, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  scheduleBatchCloseRoute,
  scheduleBatchSetRoute,
  scheduleSlotResource,
  SLOT_TYPE_LABELS,
  SLOT_TYPES,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { resourceQueryKey } from '../../../../lib/resource/resource-api';

const TYPES = SLOT_TYPES.map((t) => ({ value: t, label: SLOT_TYPE_LABELS[t] }));
const day = (d: Dayjs) => d.format('YYYY-MM-DD');
type Range = [Dayjs, Dayjs];

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: resourceQueryKey(scheduleSlotResource) });
}

/** 批量设置: every default slot (09:00–18:00 hourly) of every day in the range, created or updated. */
export function BatchSetDialog({ onClose }: { onClose(): void }) {
  const { message } = App.useApp();
  const refresh = useRefresh();
  const [form] = Form.useForm<{ range: Range; slot_type: string; cap: number; is_open: boolean }>();
  const set = useMutation({
    mutationFn: (v: { range: Range; slot_type: string; cap: number; is_open: boolean }) =>
      api.call(scheduleBatchSetRoute, {
        date_from: day(v.range[0]),
        date_to: day(v.range[1]),
        slot_type: v.slot_type as 'normal',
        cap: String(v.cap),
        is_open: v.is_open ? '1' : '0',
      }),
  });
  return (
    <Modal
      open
      title="批量设置排期"
      okText="确定"
      cancelText="取消"
      okButtonProps={{ loading: set.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <p>为所选日期范围内每天生成 09:00–18:00 每小时一个时段；已有的时段更新上限与开放状态。</p>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ slot_type: 'normal', cap: 10, is_open: true }}
        onFinish={(v) =>
          set.mutate(v, {
            onSuccess: (r) => {
              void message.success(`已新增 ${r.created} 个、更新 ${r.updated} 个时段`);
              void refresh();
              onClose();
            },
            onError: (err) => void message.error(err.message),
          })
        }
      >
        <Form.Item name="range" label="日期范围" rules={[{ required: true, message: '请选择日期范围' }]}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item name="slot_type" label="预约类型" rules={[{ required: true, message: '请选择预约类型' }]}>
          <Select options={TYPES} aria-label="预约类型" />
        </Form.Item>
        <Form.Item name="cap" label="每时段上限" rules={[{ required: true, message: '请填写每时段上限' }]}>
          <InputNumber min={0} max={9999} aria-label="每时段上限" />
        </Form.Item>
        <Form.Item name="is_open" label="开放预约" valuePropName="checked">
          <Switch checkedChildren="开放" unCheckedChildren="关闭" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 批量关闭: the slots of the range (of one type, or all) stop taking bookings, after a confirmation. */
export function BatchCloseDialog({ onClose }: { onClose(): void }) {
  const { message, modal } = App.useApp();
  const refresh = useRefresh();
  const [form] = Form.useForm<{ range: Range; slot_type?: string }>();
  const close = useMutation({
    mutationFn: (v: { range: Range; slot_type?: string }) =>
      api.call(scheduleBatchCloseRoute, {
        date_from: day(v.range[0]),
        date_to: day(v.range[1]),
        slot_type: v.slot_type as 'normal' | undefined,
      }),
  });
  const confirmThenClose = async (v: { range: Range; slot_type?: string }) => {
    const type = v.slot_type ? SLOT_TYPE_LABELS[v.slot_type as 'normal'] : '全部类型';
    const ok = await modal.confirm({
      title: '确认批量关闭',
      content: `${day(v.range[0])} 至 ${day(v.range[1])}（${type}）的时段将不再接受预约，已有预约不受影响。确定关闭吗？`,
      okText: '确定关闭',
      cancelText: '取消',
    });
    if (!ok) return;
    close.mutate(v, {
      onSuccess: (r) => {
        void message.success(`已关闭 ${r.closed} 个时段`);
        void refresh();
        onClose();
      },
      onError: (err) => void message.error(err.message),
    });
  };
  return (
    <Modal
      open
      title="批量关闭排期"
      okText="关闭时段"
      cancelText="取消"
      okButtonProps={{ danger: true, loading: close.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" onFinish={(v) => void confirmThenClose(v)}>
        <Form.Item name="range" label="日期范围" rules={[{ required: true, message: '请选择日期范围' }]}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item name="slot_type" label="预约类型">
          <Select options={TYPES} allowClear placeholder="不选则关闭全部类型" aria-label="预约类型" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
