import { useState } from 'react';
import { Button, Space, Tag } from 'antd';
import { scheduleSlotResource, SLOT_TYPE_LABELS, SLOT_TYPES, type SlotType } from '@checkup/api-contract';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { BatchCloseDialog, BatchSetDialog } from './components/batch-dialogs';

const SLOT_TYPE_OPTIONS = SLOT_TYPES.map((t) => ({ value: t, label: SLOT_TYPE_LABELS[t] }));
const text = (v: string | null) => v ?? '';

/**
 * 排期管理 (crm/shd_mg, breadth §2.6): each day's time slots by type with their cap, open flag and
 * remark, and how many are booked and remain; 批量设置 fills a date range with the default slots
 * (09:00–18:00 hourly, spec §9), 批量关闭 closes a range after a confirmation.
 */
export default function ShdMg() {
  const [dialog, setDialog] = useState<'set' | 'close' | null>(null);
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Button type="primary" onClick={() => setDialog('set')}>
          批量设置
        </Button>
        <Button danger onClick={() => setDialog('close')}>
          批量关闭
        </Button>
      </Space>
      <ResourceScreen
        resource={scheduleSlotResource}
        title="排期管理"
        filters={[
          { kind: 'days', label: '日期' },
          { name: 'slot_type', kind: 'select', label: '预约类型', options: SLOT_TYPE_OPTIONS },
        ]}
        columns={[
          { title: '日期', dataIndex: 'day', width: 110 },
          { title: '开始时间', dataIndex: 'start_time', width: 90 },
          { title: '结束时间', dataIndex: 'end_time', width: 90 },
          { title: '类型', dataIndex: 'slot_type', width: 70, render: (t: SlotType) => SLOT_TYPE_LABELS[t] },
          { title: '上限', dataIndex: 'cap', width: 70 },
          { title: '已预约', dataIndex: 'booked', width: 80 },
          {
            title: '剩余',
            dataIndex: 'remaining',
            width: 70,
            render: (n: number) => <Tag color={n > 0 ? 'green' : 'red'}>{n > 0 ? n : '已约满'}</Tag>,
          },
          {
            title: '开放状态',
            dataIndex: 'is_open',
            width: 90,
            render: (open: boolean) => <Tag color={open ? 'blue' : 'default'}>{open ? '开放' : '关闭'}</Tag>,
          },
          { title: '备注', dataIndex: 'remark', width: 180, render: text },
        ]}
        fields={[
          { name: 'day', label: '日期', placeholder: '年-月-日，如 2026-12-01' },
          { name: 'start_time', label: '开始时间', placeholder: '时:分，如 09:00' },
          { name: 'end_time', label: '结束时间', placeholder: '时:分，如 10:00' },
          { name: 'slot_type', label: '预约类型', kind: 'select', options: SLOT_TYPE_OPTIONS },
          { name: 'cap', label: '预约上限', kind: 'number' },
          { name: 'is_open', label: '开放预约', kind: 'switch' },
          { name: 'remark', label: '备注', kind: 'textarea' },
        ]}
        blank={{ slot_type: 'normal', cap: 10, is_open: true, start_time: '09:00', end_time: '10:00' }}
      />
      {dialog === 'set' && <BatchSetDialog onClose={() => setDialog(null)} />}
      {dialog === 'close' && <BatchCloseDialog onClose={() => setDialog(null)} />}
    </>
  );
}
