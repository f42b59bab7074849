import { Alert, Col, Row, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { GROUP_REPORT_OCCUPATIONAL_NOTE, type GroupReportSnapshot } from '@checkup/api-contract';
import { ChartCard } from '@checkup/ui';

type S = GroupReportSnapshot;
const MF = ['男', '女'] as const;
const COLORS = ['#1677ff', '#eb2f96'];

function Grid<T extends object>({
  rows,
  columns,
  rowKey,
}: {
  rows: T[];
  columns: ColumnsType<T>;
  rowKey: string | ((row: T) => string);
}) {
  return <Table<T> size="small" rowKey={rowKey} columns={columns} dataSource={rows} pagination={false} bordered />;
}

const n = (title: string, key: string) => ({ title, dataIndex: key, align: 'right' as const });
const pct = (title = '%') => ({ title, dataIndex: 'percent', align: 'right' as const, render: (v: string) => `${v}%` });

/** A table beside its chart: 男 and 女 stacked per category. */
function WithChart({
  title,
  categories,
  male,
  female,
  table,
}: {
  title: string;
  categories: string[];
  male: number[];
  female: number[];
  table: React.ReactNode;
}) {
  return (
    <Row gutter={12}>
      <Col span={12}>{table}</Col>
      <Col span={12}>
        <ChartCard
          title={title}
          kind="bar"
          categories={categories}
          colors={COLORS}
          series={[
            { name: MF[0], data: male, stack: 'p' },
            { name: MF[1], data: female, stack: 'p' },
          ]}
        />
      </Col>
    </Row>
  );
}

/** The analysis tabs of a generated report (breadth §4.3): each table with its chart where one helps. */
export function AnalysisTabs({ s }: { s: S }) {
  const top = s.findings.slice(0, 15);
  return (
    <Tabs
      items={[
        {
          key: 'people',
          label: '人员构成',
          children: (
            <WithChart
              title="人员构成"
              categories={s.people.map((p) => p.label)}
              male={s.people.map((p) => p.male)}
              female={s.people.map((p) => p.female)}
              table={
                <Grid
                  rowKey="label"
                  rows={s.people}
                  columns={[
                    { title: '类型', dataIndex: 'label' },
                    n('男', 'male'),
                    n('女', 'female'),
                    n('合计', 'total'),
                  ]}
                />
              }
            />
          ),
        },
        {
          key: 'ages',
          label: '年龄',
          children: (
            <WithChart
              title="年龄分布"
              categories={s.ages.map((a) => a.label)}
              male={s.ages.map((a) => a.male)}
              female={s.ages.map((a) => a.female)}
              table={
                <Grid
                  rowKey="label"
                  rows={s.ages}
                  columns={[
                    { title: '年龄段', dataIndex: 'label' },
                    n('男', 'male'),
                    n('女', 'female'),
                    n('合计', 'total'),
                    pct(),
                  ]}
                />
              }
            />
          ),
        },
        {
          key: 'dates',
          label: '日期',
          children: (
            <WithChart
              title="登记日期分布"
              categories={s.dates.map((d) => d.date)}
              male={s.dates.map((d) => d.male)}
              female={s.dates.map((d) => d.female)}
              table={
                <Grid
                  rowKey="date"
                  rows={s.dates}
                  columns={[
                    { title: '登记日期', dataIndex: 'date' },
                    n('男', 'male'),
                    n('女', 'female'),
                    n('合计', 'total'),
                  ]}
                />
              }
            />
          ),
        },
        {
          key: 'findings',
          label: '检出',
          children: (
            <WithChart
              title="检出人数（前15）"
              categories={top.map((f) => f.diag_name)}
              male={top.map((f) => f.male)}
              female={top.map((f) => f.female)}
              table={
                <Grid
                  rowKey="diag_name"
                  rows={s.findings}
                  columns={[
                    { title: '结论', dataIndex: 'diag_name' },
                    n('男', 'male'),
                    n('女', 'female'),
                    n('检出人数', 'total'),
                    n('总体人数', 'population'),
                    pct('检出率'),
                  ]}
                />
              }
            />
          ),
        },
        {
          key: 'items',
          label: '项目',
          children: (
            <Grid
              rowKey="union_name"
              rows={s.items}
              columns={[
                { title: '收费项目', dataIndex: 'union_name' },
                n('应检人数', 'ordered'),
                n('参检男', 'male'),
                n('参检女', 'female'),
                n('参检合计', 'total'),
                pct('比例'),
              ]}
            />
          ),
        },
        {
          key: 'positives',
          label: '阳性名单',
          children: (
            <Grid
              rowKey={(p) => `${p.order_id}|${p.diag_name}`}
              rows={s.positives}
              columns={[
                { title: '体检号', dataIndex: 'order_id' },
                { title: '姓名', dataIndex: 'name' },
                { title: '性别', dataIndex: 'sex' },
                n('年龄', 'age'),
                { title: '结论', dataIndex: 'diag_name' },
                { title: '总检建议', dataIndex: 'advice' },
              ]}
            />
          ),
        },
        {
          key: 'completion',
          label: '完成情况',
          children: (
            <Grid
              rowKey="order_id"
              rows={s.completion}
              columns={[
                { title: '体检号', dataIndex: 'order_id' },
                { title: '姓名', dataIndex: 'name' },
                { title: '状态', dataIndex: 'status_label' },
                { title: '未检项目', dataIndex: 'pending_items', render: (items: string[]) => items.join('、') || '—' },
                {
                  title: '总检',
                  dataIndex: 'chief_done',
                  render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? '已总检' : '未总检'}</Tag>,
                },
                {
                  title: '打印',
                  dataIndex: 'printed',
                  render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? '已打印' : '未打印'}</Tag>,
                },
              ]}
            />
          ),
        },
        {
          key: 'occupational',
          label: '职业健康',
          children: (
            <Alert type="info" showIcon title={`危害因素、人员一览、复查情况：${GROUP_REPORT_OCCUPATIONAL_NOTE}`} />
          ),
        },
      ]}
    />
  );
}
