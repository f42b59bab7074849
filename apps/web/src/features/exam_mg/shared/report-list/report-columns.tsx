import { Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import {
  DELIVERY_METHOD_LABELS,
  isReportPrinted,
  REPORT_REVIEW_RESULT_LABELS,
  REPORT_STATE_LABELS,
  type ReportListRow,
  type ReportState,
} from '@checkup/api-contract';
import type { GenericColumn } from '@checkup/ui';

const time = (iso: string | null) => (iso ? dayjs(iso).format('MM-DD HH:mm') : '');

const STATE_COLORS: Record<ReportState, string> = {
  to_print: 'processing',
  to_review: 'warning',
  rejected: 'error',
  to_send: 'cyan',
  sent: 'success',
};

// The state says whether a report is printed: one printed before prints were recorded has none on record.
const printCell = (r: ReportListRow) => {
  if (!isReportPrinted(r.report_state)) return '未打印';
  return r.print_count ? `${r.print_count}次 ${time(r.last_printed_at)}` : '已打印';
};

// The check that counts is the one since the latest print, which the state already tells.
const reviewCell = (r: ReportListRow) => {
  const counted =
    r.report_state === 'rejected' || r.report_state === 'to_send' || r.report_state === 'sent' ? r.review_result : null;
  if (!counted) return '未审核';
  return (
    <Tooltip title={r.review_reason ?? undefined}>
      <Tag color={counted === 'pass' ? 'success' : 'error'}>{REPORT_REVIEW_RESULT_LABELS[counted]}</Tag>
    </Tooltip>
  );
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
    title: '报告状态',
    dataIndex: 'report_state',
    width: 170,
    render: (s: ReportState, r) => (
      <>
        <Tag color={STATE_COLORS[s]}>{REPORT_STATE_LABELS[s]}</Tag>
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
    render: (_: unknown, r) => printCell(r),
  },
  {
    title: '报告审核',
    key: 'review',
    width: 100,
    render: (_: unknown, r) => reviewCell(r),
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
