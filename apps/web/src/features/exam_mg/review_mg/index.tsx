import { useState } from 'react';
import { Button, Tag } from 'antd';
import { Link } from 'react-router';
import {
  REVIEW_PLAN_STATUSES,
  REVIEW_PLAN_STATUS_LABELS,
  reviewPlanResource,
  type ReviewPlanRow,
  type ReviewPlanStatus,
} from '@checkup/api-contract';
import type { GenericColumn } from '@checkup/ui';
import { ResourceList } from '../../../lib/resource/resource-list';
import { orderDetailPath } from '../shared/orders/order-paths';
import { CancelReviewDialog } from './components/cancel-review-dialog';
import { RegisterReviewDialog } from './components/register-review-dialog';

const STATUS_COLORS: Record<ReviewPlanStatus, string> = {
  pending: 'orange',
  registered: 'blue',
  done: 'green',
  cancelled: 'default',
};

const orderLink = (id: string | null) => (id ? <Link to={orderDetailPath(id)}>{id}</Link> : '');

/**
 * 复查管理 (exam_mg/review_mg, breadth §9, issue 20): the re-exams 总检 asked for, by due day, status and
 * 体检号 or name; 登记复查 registers the re-exam visit from one (items prefilled and editable), 取消
 * drops one with a reason; 导出 writes what the filter finds to .xlsx.
 */
export default function ReviewMg() {
  const [registering, setRegistering] = useState<ReviewPlanRow | null>(null);
  const [cancelling, setCancelling] = useState<ReviewPlanRow | null>(null);

  const columns: GenericColumn<ReviewPlanRow>[] = [
    { title: '应复查日期', dataIndex: 'due_date', width: 110 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (s: ReviewPlanStatus) => <Tag color={STATUS_COLORS[s]}>{REVIEW_PLAN_STATUS_LABELS[s]}</Tag>,
    },
    { title: '首次体检号', dataIndex: 'order_id', width: 150, render: orderLink },
    { title: '体检日期', dataIndex: 'exam_date', width: 100 },
    { title: '姓名', dataIndex: 'cust_name', width: 90 },
    { title: '性别', dataIndex: 'sex', width: 50, render: (v: string) => (v === '1' ? '男' : '女') },
    { title: '手机号', dataIndex: 'phone', width: 120, render: (v: string | null) => v ?? '' },
    { title: '复查项目', dataIndex: 'union_names', width: 220 },
    {
      title: '建议间隔',
      dataIndex: 'interval_months',
      width: 110,
      render: (m: number | null) => (m ? `${m}个月后复查` : '指定日期'),
    },
    { title: '注意事项', dataIndex: 'notes', width: 160, render: (v: string | null) => v ?? '' },
    { title: '复查体检号', dataIndex: 'review_order_id', width: 150, render: orderLink },
    { title: '建议医生', dataIndex: 'created_by_name', width: 90 },
    { title: '取消原因', dataIndex: 'cancel_reason', width: 140, render: (v: string | null) => v ?? '' },
  ];

  return (
    <>
      <ResourceList
        resource={reviewPlanResource}
        title="复查管理"
        columns={columns}
        filters={[
          {
            name: 'status',
            kind: 'select',
            label: '状态',
            options: REVIEW_PLAN_STATUSES.map((s) => ({ value: s, label: REVIEW_PLAN_STATUS_LABELS[s] })),
          },
          { kind: 'days', label: '应复查日期' },
          { name: 'key', kind: 'search', label: '体检号或姓名', placeholder: '体检号或姓名，回车', width: 220 },
        ]}
        rowActions={(row) =>
          row.status === 'pending' && (
            <>
              <Button type="link" size="small" onClick={() => setRegistering(row)}>
                登记复查
              </Button>
              <Button type="link" size="small" danger onClick={() => setCancelling(row)}>
                取消
              </Button>
            </>
          )
        }
      />
      {registering && <RegisterReviewDialog row={registering} onClose={() => setRegistering(null)} />}
      {cancelling && <CancelReviewDialog row={cancelling} onClose={() => setCancelling(null)} />}
    </>
  );
}
