import { useState } from 'react';
import { Button, Space, Tag } from 'antd';
import { useNavigate } from 'react-router';
import {
  APPROVAL_STATE_LABELS,
  APPROVAL_STATES,
  BOOKING_KIND_LABELS,
  BOOKING_KINDS,
  BOOKING_STATE_LABELS,
  BOOKING_STATES,
  examBookingResource,
  SLOT_TYPE_LABELS,
  type ApprovalState,
  type BookingKind,
  type BookingState,
  type ResourceRow,
  type SlotType,
} from '@checkup/api-contract';
import { ResourceList } from '../../../lib/resource/resource-list';
import { BookingActions } from '../shared/booking-actions';
import { GroupBookingDialog } from './components/group-booking-dialog';
import { PersonBookingDialog } from './components/person-booking-dialog';

type Row = ResourceRow<typeof examBookingResource>;
const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((v) => ({ value: v, label: labels[v] }));
const STATE_COLORS: Record<BookingState, string> = {
  pending: 'orange',
  booked: 'blue',
  finished: 'green',
  cancelled: 'default',
};
const text = (v: string | null) => v ?? '';

/**
 * 体检预约 (crm/exam_schedule, breadth §2.6): individual bookings of a slot and group block bookings,
 * their states (待预约/已预约/预约结束/已取消), requests past a full slot and their 审核, and 转登记 at
 * the desk.
 */
export default function ExamSchedule() {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'person' | 'group' | null>(null);
  return (
    <>
      <ResourceList
        resource={examBookingResource}
        title="体检预约"
        filters={[
          { kind: 'days', label: '预约日期' },
          { name: 'state', kind: 'select', label: '预约状态', options: options(BOOKING_STATES, BOOKING_STATE_LABELS) },
          { name: 'kind', kind: 'select', label: '预约方式', options: options(BOOKING_KINDS, BOOKING_KIND_LABELS) },
          {
            name: 'approval_state',
            kind: 'select',
            label: '超额审核',
            options: options(APPROVAL_STATES, APPROVAL_STATE_LABELS),
          },
          { name: 'key', kind: 'search', label: '搜索', placeholder: '姓名、单位或体检号，回车', width: 200 },
        ]}
        extra={
          <Space>
            <Button type="primary" onClick={() => setDialog('person')}>
              个人预约
            </Button>
            <Button onClick={() => setDialog('group')}>团体预约</Button>
          </Space>
        }
        columns={[
          {
            title: '预约日期',
            dataIndex: 'book_date',
            width: 180,
            render: (d: string, r: Row) => (r.date_to && r.date_to !== d ? `${d} 至 ${r.date_to}` : d),
          },
          {
            title: '时段',
            dataIndex: 'start_time',
            width: 110,
            render: (s: string | null, r: Row) => (s ? `${s}-${r.end_time ?? ''}` : ''),
          },
          { title: '类型', dataIndex: 'slot_type', width: 60, render: (t: SlotType) => SLOT_TYPE_LABELS[t] },
          { title: '方式', dataIndex: 'kind', width: 60, render: (k: BookingKind) => BOOKING_KIND_LABELS[k] },
          {
            title: '状态',
            dataIndex: 'state',
            width: 90,
            render: (s: BookingState) => <Tag color={STATE_COLORS[s]}>{BOOKING_STATE_LABELS[s]}</Tag>,
          },
          {
            title: '超额审核',
            dataIndex: 'approval_state',
            width: 90,
            render: (a: ApprovalState | null) => (a ? APPROVAL_STATE_LABELS[a] : ''),
          },
          { title: '姓名', dataIndex: 'cust_name', width: 80, render: text },
          { title: '身份证号', dataIndex: 'id_card', width: 170, render: text },
          { title: '手机', dataIndex: 'phone', width: 120, render: text },
          { title: '单位', dataIndex: 'company_name', width: 160, render: text },
          { title: '团检订单', dataIndex: 'group_order_no', width: 140, render: text },
          { title: '人数', dataIndex: 'head_count', width: 60 },
          { title: '套餐', dataIndex: 'package_name', width: 140, render: text },
          { title: '体检号', dataIndex: 'order_id', width: 140, render: text },
          { title: '备注', dataIndex: 'remark', width: 160, render: text },
        ]}
        actionsWidth={240}
        rowActions={(row) => (
          <Space size={4}>
            <Button
              type="link"
              size="small"
              onClick={() => void navigate(`/manager/crm/exam_schedule_detail?id=${row.id}`)}
            >
              详情
            </Button>
            <BookingActions row={row} />
          </Space>
        )}
      />
      {dialog === 'person' && <PersonBookingDialog onClose={() => setDialog(null)} />}
      {dialog === 'group' && <GroupBookingDialog onClose={() => setDialog(null)} />}
    </>
  );
}
