import { useState } from 'react';
import { Alert, App, Button, Descriptions, Input, Modal, Space, Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { GROUP_REPORT_STATE_LABELS, groupReportReviewRoute, mayCall } from '@checkup/api-contract';
import { useUserInfo } from '../../session/api/get-user-info';
import { printGroupReport, useGroupReport, useGroupReportMove } from '../shared/group-report-api';
import { allowsMove, GROUP_REPORT_STATE_COLORS } from '../shared/group-report-state';
import { AnalysisTabs } from './components/analysis-tabs';

const SEX_LABELS: Record<string, string> = { '1': '男', '2': '女' };

/**
 * 团检报告详情 (bi/group_report_detail?id=…, breadth §4.3): the definition, the analysis tabs of the
 * generated report, 审核 (通过 / 不通过 with 未通过原因) and 反审核 for who holds the review permission,
 * and 打印PDF.
 */
export default function GroupReportDetail() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const idText = params.get('id');
  const id = idText && /^\d+$/.test(idText) ? Number(idText) : null;
  const detail = useGroupReport(id);
  const menu = useUserInfo().data?.role_menu ?? [];
  const review = useGroupReportMove('review');
  const unreview = useGroupReportMove('unreview');
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  if (id === null) return <Alert type="warning" showIcon title="请从团检报告列表打开一份报告" />;

  const d = detail.data;
  const r = d?.report;
  const mayReview = mayCall(groupReportReviewRoute, menu);
  const run = (label: string, write: Promise<unknown>) =>
    write.then(() => void message.success(`${label}成功`)).catch((err: Error) => void message.error(err.message));
  const reject = async () => {
    await run('审核', review.mutateAsync({ id, pass: '0', reason }));
    setRejecting(false);
    setReason('');
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Button onClick={() => void navigate('/manager/bi/group_report')}>返回团检报告</Button>
        {r && mayReview && allowsMove(r, 'review') && (
          <>
            <Button type="primary" onClick={() => void run('审核', review.mutateAsync({ id, pass: '1' }))}>
              审核通过
            </Button>
            <Button danger onClick={() => setRejecting(true)}>
              审核不通过
            </Button>
          </>
        )}
        {r && mayReview && allowsMove(r, 'unreview') && (
          <Button onClick={() => void run('反审核', unreview.mutateAsync({ id }))}>反审核</Button>
        )}
        {d?.snapshot && r && (
          <Button
            onClick={() =>
              void printGroupReport(id, `${r.company_name}-${r.sample_name}`).catch(
                (err: Error) => void message.error(err.message),
              )
            }
          >
            打印PDF
          </Button>
        )}
      </Space>
      {detail.error && <Alert type="error" showIcon title={(detail.error as Error).message} />}
      {r && (
        <Descriptions size="small" bordered column={3} title={`${r.company_name} · ${r.sample_name}`}>
          <Descriptions.Item label="订单">{`${r.order_no} ${r.order_name}`}</Descriptions.Item>
          <Descriptions.Item label="分中心">{r.branch_name ?? ''}</Descriptions.Item>
          <Descriptions.Item label="登记日期">{`${r.date_from} 至 ${r.date_to}`}</Descriptions.Item>
          <Descriptions.Item label="性别">{r.sex ? SEX_LABELS[r.sex] : '全部'}</Descriptions.Item>
          <Descriptions.Item label="是否含未检">{r.include_absent ? '含未检' : '不含'}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag color={GROUP_REPORT_STATE_COLORS[r.state]}>{GROUP_REPORT_STATE_LABELS[r.state]}</Tag>
          </Descriptions.Item>
          {r.reject_reason && <Descriptions.Item label="未通过原因">{r.reject_reason}</Descriptions.Item>}
          {r.reviewed_by_name && <Descriptions.Item label="审核人">{r.reviewed_by_name}</Descriptions.Item>}
        </Descriptions>
      )}
      {d && !d.snapshot && <Alert type="info" showIcon title="该报告尚未生成，请在团检报告列表中生成" />}
      {d?.snapshot && <AnalysisTabs s={d.snapshot} />}
      <Modal
        open={rejecting}
        title="审核不通过"
        okText="确定"
        okButtonProps={{ disabled: !reason.trim(), loading: review.isPending }}
        onOk={() => void reject()}
        onCancel={() => setRejecting(false)}
      >
        <Input.TextArea
          aria-label="未通过原因"
          placeholder="请填写未通过原因"
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Space>
  );
}
