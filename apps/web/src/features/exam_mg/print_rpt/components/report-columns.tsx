import { Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import {
  DELIVERY_METHOD_LABELS,
  ORDER_STATUS_LABELS,
  REPORT_REVIEW_RESULT_LABELS,
  type ReportListRow,
} from '@checkup/api-contract';
import type { GenericColumn } from '@checkup/ui';

const time = (iso: string | null) => (iso ? dayjs(iso).format('MM-DD HH:mm') : '');

const STATUS_COLORS: Partial<Record<ReportListRow['status'], string>> = {
  final_trial: 'processing',
  report_printed: 'warning',
  report_sent: 'success',
};

/** The columns the report screens share; each screen adds its own actions. */
export const reportColumns: GenericColumn<ReportListRow>[] = [
  { title: '体检号', dataIndex: 'order_id', width: 150 },
  { title: '姓名', dataIndex: 'cust_name', width: 80 },
  {
    title: '性别/年龄',
    key: 'sex_age',
    width: 80,
    render: (_: unknown, r) => `${r.sex === '1' ? '男' : '女'} / ${r.age}`,
  },
  { title: '体检日期', dataIndex: 'exam_date', width: 100 },
  {
    title: '状态',
    dataIndex: 'status',
    width: 140,
    render: (s: ReportListRow['status'], r) => (
      <>
        <Tag color={STATUS_COLORS[s]}>{ORDER_STATUS_LABELS[s]}</Tag>
        {r.review_exception_flag === '1' && (
          <Tooltip title="有未处理的科室异常或总检异常：处理或在总检审核中撤回异常后才能打印、发送">
            <Tag color="error">异常</Tag>
          </Tooltip>
        )}
      </>
    ),
  },
  { title: '单位', dataIndex: 'company_name', width: 140, render: (v: string | null) => v ?? '个人' },
  { title: '套餐', dataIndex: 'package_name', width: 120 },
  {
    title: '打印',
    key: 'prints',
    width: 110,
    render: (_: unknown, r) => (r.print_count ? `${r.print_count}次 ${time(r.last_printed_at)}` : '未打印'),
  },
  {
    title: '报告审核',
    key: 'review',
    width: 100,
    render: (_: unknown, r) =>
      r.review_result ? (
        <Tooltip title={r.review_reason ?? undefined}>
          <Tag color={r.review_result === 'pass' ? 'success' : 'error'}>
            {REPORT_REVIEW_RESULT_LABELS[r.review_result]}
          </Tag>
        </Tooltip>
      ) : (
        '未审核'
      ),
  },
  {
    title: '发送',
    key: 'delivery',
    width: 120,
    render: (_: unknown, r) =>
      r.last_delivery_method
        ? `${DELIVERY_METHOD_LABELS[r.last_delivery_method]} ${time(r.last_delivered_at)}`
        : '未发送',
  },
];
