import { Alert, Button, Card, Col, Progress, Row, Space, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { ORDER_STATUS_LABELS } from '@checkup/api-contract';
import { ChartCard, GenericTable, type GenericColumn } from '@checkup/ui';
import { MONITOR_REFRESH_MS, useDataMonitor } from './api/get-data-monitor';

type DeptRow = NonNullable<ReturnType<typeof useDataMonitor>['data']>['depts'][number];

const deptColumns: GenericColumn<DeptRow>[] = [
  { title: '科室', dataIndex: 'dept_name', width: 120 },
  { title: '待检', dataIndex: 'waiting', width: 70 },
  { title: '已录入', dataIndex: 'entered', width: 70 },
  { title: '已签名', dataIndex: 'signed', width: 70 },
  { title: '排队等候', dataIndex: 'queue_waiting', width: 80 },
  {
    title: '完成进度',
    key: 'progress',
    width: 160,
    render: (_: unknown, r) => {
      const total = r.waiting + r.entered + r.signed;
      return <Progress size="small" percent={total === 0 ? 0 : Math.round((r.signed / total) * 100)} />;
    },
  },
];

/** 数据监控 (exam_mg/data_monitor): today's flow through the centre, refreshed every 30 s. */
export default function DataMonitor() {
  const monitor = useDataMonitor();
  const data = monitor.data;
  const refreshed = monitor.dataUpdatedAt ? dayjs(monitor.dataUpdatedAt).format('HH:mm:ss') : '-';

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={12}>
      <Card
        size="small"
        title={`数据监控（${data?.exam_date ?? dayjs().format('YYYY-MM-DD')}）`}
        extra={
          <Space>
            <Typography.Text type="secondary" data-testid="last-refresh">
              上次刷新 {refreshed}，每 {MONITOR_REFRESH_MS / 1000} 秒自动刷新
            </Typography.Text>
            <Button loading={monitor.isFetching} onClick={() => void monitor.refetch()}>
              刷新
            </Button>
          </Space>
        }
      >
        {monitor.isError && <Alert type="error" showIcon title={monitor.error.message} style={{ marginBottom: 8 }} />}
        <Row gutter={[12, 12]}>
          <Col xs={12} md={6} lg={4}>
            <Statistic title="今日订单" value={data?.order_total ?? 0} />
          </Col>
          <Col xs={12} md={6} lg={4}>
            <Statistic
              title="未处理危急值"
              value={data?.critical_unhandled ?? 0}
              styles={{ content: { color: data?.critical_unhandled ? '#cf1322' : undefined } }}
            />
          </Col>
          <Col xs={12} md={6} lg={4}>
            <Statistic title="今日危急值" value={data?.critical_today ?? 0} />
          </Col>
          <Col xs={12} md={6} lg={4}>
            <Statistic title="未处理异常" value={data?.exceptions_open ?? 0} />
          </Col>
          <Col xs={12} md={6} lg={4}>
            <Statistic
              title="平均等候"
              value={data?.avg_wait_minutes ?? '-'}
              suffix={data?.avg_wait_minutes == null ? undefined : '分钟'}
            />
          </Col>
        </Row>
      </Card>
      <Card size="small" title="今日订单状态">
        <Row gutter={[12, 12]}>
          {(data?.order_status_counts ?? []).map((s) => (
            <Col key={s.status} xs={8} md={6} lg={3}>
              <Statistic title={ORDER_STATUS_LABELS[s.status]} value={s.count} />
            </Col>
          ))}
        </Row>
      </Card>
      {data && data.depts.length > 0 && (
        <ChartCard
          title="各科室检查进度"
          kind="bar"
          categories={data.depts.map((d) => d.dept_name)}
          series={[
            { name: '待检', data: data.depts.map((d) => d.waiting), stack: 'progress' },
            { name: '已录入', data: data.depts.map((d) => d.entered), stack: 'progress' },
            { name: '已签名', data: data.depts.map((d) => d.signed), stack: 'progress' },
          ]}
          colors={['#bfbfbf', '#1d7fae', '#237804']}
        />
      )}
      <Card size="small" title="科室进度">
        <GenericTable<DeptRow>
          tableKey="data_monitor_depts"
          rowKey="exam_dept_id"
          size="small"
          virtual={false}
          columns={deptColumns}
          dataSource={data?.depts ?? []}
          loading={monitor.isPending}
          pagination={false}
        />
      </Card>
    </Space>
  );
}
