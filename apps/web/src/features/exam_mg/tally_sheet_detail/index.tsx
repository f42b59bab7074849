import { Alert, Button, Card, Descriptions, Result, Spin, Table, Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { ORDER_STATUS_LABELS, reviewStepOf, type RouteOutput, type tallySheetRoute } from '@checkup/api-contract';
import { reviewDetailPath } from '../shared/review-worklist/review-paths';
import { useTallySheet } from './api/get-tally-sheet';

type UnionRow = RouteOutput<typeof tallySheetRoute>['depts'][number]['unions'][number] & { dept_name: string };

const UNION_STATUS: Record<string, { text: string; color: string }> = {
  '0': { text: '未完成', color: 'warning' },
  '1': { text: '已完成', color: 'success' },
  '2': { text: '弃检', color: 'default' },
  '3': { text: '延期', color: 'processing' },
};
const DEPT_STATUS: Record<string, string> = { '0': '待检', '1': '已录入', '2': '已签名' };

/** 核对单详情 (exam_mg/tally_sheet_detail?order_id=…): departments and unions done vs ordered, before 终审. */
export default function TallySheetDetail() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderId = params.get('order_id') ?? '';
  const sheet = useTallySheet(orderId);
  if (!orderId) return <Result status="warning" title="缺少体检号" subTitle="请从报告核对单列表打开。" />;
  if (sheet.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (!sheet.data) return <Result status="warning" title="核对单加载失败" subTitle={sheet.error?.message} />;
  const data = sheet.data;
  const rows: UnionRow[] = data.depts.flatMap((d) => d.unions.map((u) => ({ ...u, dept_name: d.dept_name })));
  const step = reviewStepOf(data.order_status);

  return (
    <Card
      size="small"
      title="核对单详情"
      extra={
        step && (
          <Button
            type="primary"
            onClick={() => void navigate(reviewDetailPath({ order_id: orderId, step, exam_type: '' }))}
          >
            去审核
          </Button>
        )
      }
    >
      <Descriptions size="small" column={6} style={{ marginBottom: 8 }}>
        <Descriptions.Item label="体检号">{data.order_id}</Descriptions.Item>
        <Descriptions.Item label="姓名">{data.cust_name}</Descriptions.Item>
        <Descriptions.Item label="状态">{ORDER_STATUS_LABELS[data.order_status]}</Descriptions.Item>
        <Descriptions.Item label="应检">{data.ordered}</Descriptions.Item>
        <Descriptions.Item label="已检">{data.done}</Descriptions.Item>
        <Descriptions.Item label="弃检">{data.given_up}</Descriptions.Item>
      </Descriptions>
      {data.missing.length > 0 ? (
        <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={`未完成：${data.missing.join('、')}`} />
      ) : (
        <Alert type="success" showIcon style={{ marginBottom: 8 }} title="所有项目均已完成或弃检" />
      )}
      <Table<UnionRow>
        size="small"
        rowKey="union_id"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: '科室', dataIndex: 'dept_name', width: 120 },
          {
            title: '科室状态',
            key: 'dept_status',
            width: 90,
            render: (_: unknown, row) =>
              DEPT_STATUS[data.depts.find((d) => d.dept_name === row.dept_name)?.dept_status ?? ''] ?? '',
          },
          { title: '组合项目', dataIndex: 'union_name', width: 160 },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (v: string) => <Tag color={UNION_STATUS[v]?.color}>{UNION_STATUS[v]?.text ?? v}</Tag>,
          },
          {
            title: '结果',
            key: 'count',
            width: 100,
            render: (_: unknown, row) => `${row.result_count}/${row.item_count}`,
          },
        ]}
      />
    </Card>
  );
}
