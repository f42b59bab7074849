import { Card, Col, Progress, Row, Statistic, Table, Typography } from 'antd';
import type { TodayStats as Stats } from '@checkup/api-contract';
import { useTodayStats } from '../api/get-today-stats';

const FIGURES: { key: keyof Omit<Stats, 'date' | 'depts'>; title: string }[] = [
  { key: 'registered', title: '今日登记' },
  { key: 'checked_in', title: '已报到' },
  { key: 'in_exam', title: '检查中及以后' },
  { key: 'depts_done', title: '科室已完成' },
  { key: 'reviewed', title: '已终审' },
  { key: 'report_printed', title: '报告已打印' },
];

type DeptRow = Stats['depts'][number];

/** Today's numbers on the home page: visits by stage reached, and each department's waiting and done. */
export function TodayStats() {
  const stats = useTodayStats();
  if (stats.isError) return <Typography.Text type="danger">{stats.error.message}</Typography.Text>;
  return (
    <Row gutter={[16, 16]}>
      {FIGURES.map((f) => (
        <Col key={f.key} xs={12} md={8} xl={4}>
          <Card size="small" loading={stats.isPending}>
            <Statistic title={f.title} value={stats.data?.[f.key] ?? 0} suffix="人" />
          </Card>
        </Col>
      ))}
      <Col span={24}>
        <Card size="small" title={`各科室进度（${stats.data?.date ?? ''}）`}>
          <Table<DeptRow>
            size="small"
            rowKey="dept_id"
            pagination={false}
            loading={stats.isPending}
            dataSource={stats.data?.depts ?? []}
            locale={{ emptyText: '今日暂无检查' }}
            columns={[
              { title: '科室', dataIndex: 'dept_name', width: 140 },
              { title: '待检', dataIndex: 'waiting', width: 80 },
              { title: '已录入', dataIndex: 'entered', width: 80 },
              { title: '已签名', dataIndex: 'signed', width: 80 },
              {
                title: '完成进度',
                key: 'progress',
                render: (_: unknown, d) => {
                  const all = d.waiting + d.entered + d.signed;
                  return (
                    <Progress
                      size="small"
                      aria-label={`${d.dept_name}完成进度`}
                      percent={all ? Math.round((d.signed / all) * 100) : 0}
                    />
                  );
                },
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
