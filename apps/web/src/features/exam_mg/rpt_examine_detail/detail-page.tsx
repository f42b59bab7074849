import { useState } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Modal, Row, Space, Tag, Timeline } from 'antd';
import dayjs from 'dayjs';
import {
  DELIVERY_METHOD_LABELS,
  REPORT_REVIEW_RESULT_LABELS,
  REPORT_STATE_LABELS,
  type ReportHistory,
  type ReportState,
} from '@checkup/api-contract';
import { ReportPreviewFrame } from '../shared/report-preview/report-preview-dialog';
import { useReportHistory } from './api/get-report-history';
import { useReviewReport } from './api/review-report';
import { useReportLock } from './use-report-lock';
import { BanBanner } from '../shared/order-ban/ban-banner';
import { useOrderBan } from '../shared/order-ban/use-order-ban';

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

const printLabel = (source: string, operator: string) => {
  if (source === 'kiosk') return '自助打印';
  return source === 'marked' ? `标记已打印（${operator}）` : `打印（${operator}）`;
};

// A printed report not yet sent is checked (again): the report state says which those are.
const CHECKABLE: ReadonlySet<ReportState> = new Set(['to_review', 'rejected', 'to_send']);

/** Prints, checks and deliveries of the report, oldest first. */
function HistoryTimeline({ history }: { history: ReportHistory }) {
  const items = [
    ...history.prints.map((p) => ({
      at: p.printed_at,
      children: `${time(p.printed_at)} ${printLabel(p.source, p.operator_name ?? '')}`,
    })),
    ...history.reviews.map((r) => ({
      at: r.created_at,
      color: r.result === 'pass' ? 'green' : 'red',
      children: `${time(r.created_at)} ${REPORT_REVIEW_RESULT_LABELS[r.result]}（${r.reviewer_name}）${r.reason ? `：${r.reason}` : ''}`,
    })),
    ...history.deliveries.map((d) => ({
      at: d.created_at,
      color: d.status === 'sent' ? 'blue' : 'red',
      children: `${time(d.created_at)} ${DELIVERY_METHOD_LABELS[d.method]} ${d.recipient} ${d.detail ?? ''}`,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return <Timeline items={items.map(({ at: _at, ...item }) => item)} />;
}

/** 报告审核详情: the printed report beside its record, passed or rejected with a reason. */
export function DetailPage({ orderId }: { orderId: string }) {
  const { message } = App.useApp();
  const lock = useReportLock(orderId);
  const history = useReportHistory(orderId);
  const review = useReviewReport();
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const data = history.data;
  // 禁检 (issue 19): a banned visit's report is not checked; the banner says why.
  const banned = useOrderBan(orderId).data?.banned === true;
  const checkable = lock.state === 'held' && !banned && data?.report_state != null && CHECKABLE.has(data.report_state);

  const submit = async (result: 'pass' | 'reject', reason?: string) => {
    try {
      await review.mutateAsync({ order_id: orderId, result, reason });
      void message.success(result === 'pass' ? '报告审核通过' : '报告已驳回');
      setRejecting(false);
      void history.refetch();
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  return (
    <Row gutter={8}>
      <Col span={16}>
        <Card size="small" title={`报告预览 · ${orderId}`}>
          <ReportPreviewFrame orderId={orderId} height="78vh" />
        </Card>
      </Col>
      <Col span={8}>
        <Card
          size="small"
          title="报告审核详情"
          extra={
            <Space>
              <Button
                type="primary"
                disabled={!checkable}
                loading={review.isPending}
                onClick={() => void submit('pass')}
              >
                审核通过
              </Button>
              <Button danger autoInsertSpace={false} disabled={!checkable} onClick={() => setRejecting(true)}>
                驳回
              </Button>
            </Space>
          }
        >
          <BanBanner orderId={orderId} />
          {lock.state === 'refused' && (
            <Alert type="warning" showIcon message={lock.message} style={{ marginBottom: 8 }} />
          )}
          {history.error && <Alert type="error" showIcon message={history.error.message} />}
          {data && (
            <>
              <Descriptions size="small" column={1} bordered>
                <Descriptions.Item label="姓名">{data.cust_name}</Descriptions.Item>
                <Descriptions.Item label="性别/年龄">{`${data.sex === '1' ? '男' : '女'} / ${data.age}`}</Descriptions.Item>
                <Descriptions.Item label="体检日期">{data.exam_date}</Descriptions.Item>
                <Descriptions.Item label="单位">{data.company_name ?? '个人'}</Descriptions.Item>
                <Descriptions.Item label="报告状态">
                  <Tag>{data.report_state ? REPORT_STATE_LABELS[data.report_state] : '未终审'}</Tag>
                </Descriptions.Item>
              </Descriptions>
              <div style={{ marginTop: 12 }}>
                <HistoryTimeline history={data} />
              </div>
            </>
          )}
        </Card>
      </Col>
      <Modal
        title="驳回报告"
        open={rejecting}
        onCancel={() => setRejecting(false)}
        onOk={() => form.submit()}
        okText="确认驳回"
        confirmLoading={review.isPending}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={({ reason }) => void submit('reject', reason.trim())}
        >
          <Form.Item
            name="reason"
            label="驳回原因"
            rules={[
              { required: true, whitespace: true, message: '请填写驳回原因' },
              { max: 500, message: '驳回原因不能超过500字' },
            ]}
          >
            <Input.TextArea autoFocus rows={4} placeholder="如：结论与检验结果不符，请重新打印" />
          </Form.Item>
        </Form>
      </Modal>
    </Row>
  );
}
