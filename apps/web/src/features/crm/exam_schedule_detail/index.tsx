import { Button, Card, Descriptions, Empty, Tag } from 'antd';
import { useNavigate } from 'react-router';
import {
  APPROVAL_STATE_LABELS,
  BOOKING_KIND_LABELS,
  BOOKING_STATE_LABELS,
  examBookingResource,
  SLOT_TYPE_LABELS,
} from '@checkup/api-contract';
import { useRecord, useRecordId } from '../../../lib/resource/use-record';
import { BookingActions } from '../shared/booking-actions';

const SEX: Record<string, string> = { '1': '男', '2': '女' };
const or = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);

/** 体检预约详情 (crm/exam_schedule_detail?id=…): one booking in full with the buttons its state allows. */
export default function ExamScheduleDetail() {
  const navigate = useNavigate();
  const id = useRecordId();
  const record = useRecord(examBookingResource, id);
  const row = record.data;
  const back = <Button onClick={() => void navigate('/manager/crm/exam_schedule')}>返回体检预约</Button>;
  if (id === null) return <Empty description="未指定体检预约" />;
  return (
    <Card
      size="small"
      title={row ? `体检预约详情：${row.cust_name ?? row.company_name ?? row.id}` : '体检预约详情'}
      extra={back}
      loading={record.isLoading}
    >
      {record.error && <Empty description={record.error.message} />}
      {row && (
        <>
          <Descriptions size="small" column={3}>
            <Descriptions.Item label="预约方式">{BOOKING_KIND_LABELS[row.kind]}</Descriptions.Item>
            <Descriptions.Item label="预约类型">{SLOT_TYPE_LABELS[row.slot_type]}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag>{BOOKING_STATE_LABELS[row.state]}</Tag>
              {row.approval_state && <Tag color="orange">超额{APPROVAL_STATE_LABELS[row.approval_state]}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="预约日期">
              {row.date_to && row.date_to !== row.book_date ? `${row.book_date} 至 ${row.date_to}` : row.book_date}
            </Descriptions.Item>
            <Descriptions.Item label="时段">
              {row.start_time ? `${row.start_time}-${row.end_time ?? ''}` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="人数">{row.head_count}</Descriptions.Item>
            <Descriptions.Item label="姓名">{or(row.cust_name)}</Descriptions.Item>
            <Descriptions.Item label="性别">{row.sex ? SEX[row.sex] : '—'}</Descriptions.Item>
            <Descriptions.Item label="身份证号">{or(row.id_card)}</Descriptions.Item>
            <Descriptions.Item label="手机">{or(row.phone)}</Descriptions.Item>
            <Descriptions.Item label="单位">{or(row.company_name)}</Descriptions.Item>
            <Descriptions.Item label="团检订单">{or(row.group_order_no)}</Descriptions.Item>
            <Descriptions.Item label="套餐">{or(row.package_name)}</Descriptions.Item>
            <Descriptions.Item label="体检号">{or(row.order_id)}</Descriptions.Item>
            <Descriptions.Item label="登记人">{or(row.created_by_name)}</Descriptions.Item>
            <Descriptions.Item label="备注" span={3}>
              {or(row.remark)}
            </Descriptions.Item>
          </Descriptions>
          <BookingActions row={row} />
        </>
      )}
    </Card>
  );
}
