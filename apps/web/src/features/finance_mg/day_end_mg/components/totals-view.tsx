import { Col, Descriptions, Row, Statistic, Table } from 'antd';
import type { DayEndTotals } from '@checkup/api-contract';

type MethodLine = DayEndTotals['by_method'][number];

const methodColumns = [
  { title: '付款方式', dataIndex: 'name', key: 'name' },
  { title: '金额（元）', dataIndex: 'amount', key: 'amount', align: 'right' as const },
];

/**
 * A day-end's totals (breadth §11.4): 总金额, 实收 and 非现金 apart (a card spent, 统收, 记账 and 预缴划账
 * bring no money that day), per method on either side, 实收 by income, and 发票总金额.
 */
export function TotalsView({
  totals,
}: {
  totals: Omit<DayEndTotals, 'by_income'> & Partial<Pick<DayEndTotals, 'by_income'>>;
}) {
  const received = totals.by_method.filter((m) => m.received);
  const nonCash = totals.by_method.filter((m) => !m.received);
  return (
    <>
      <Row gutter={16} style={{ marginBottom: 12 }}>
        <Col span={6}>
          <Statistic title="笔数" value={totals.line_count} />
        </Col>
        <Col span={6}>
          <Statistic title="总金额（元）" value={totals.total} />
        </Col>
        <Col span={6}>
          <Statistic title="实收（元）" value={totals.received_total} />
        </Col>
        <Col span={6}>
          <Statistic title="非现金（元）" value={totals.non_cash_total} />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={8}>
          <Table<MethodLine>
            size="small"
            title={() => '实收（按付款方式）'}
            rowKey="method"
            pagination={false}
            dataSource={received}
            columns={methodColumns}
          />
        </Col>
        <Col span={8}>
          <Table<MethodLine>
            size="small"
            title={() => '非现金（不计入实收）'}
            rowKey="method"
            pagination={false}
            dataSource={nonCash}
            columns={methodColumns}
          />
        </Col>
        <Col span={8}>
          {totals.by_income && (
            <Table
              size="small"
              title={() => '实收（按收入类别）'}
              rowKey="income"
              pagination={false}
              dataSource={totals.by_income}
              columns={[
                { title: '类别', dataIndex: 'label', key: 'label' },
                { title: '金额（元）', dataIndex: 'amount', key: 'amount', align: 'right' as const },
              ]}
            />
          )}
          <Descriptions size="small" column={1} style={{ marginTop: 8 }}>
            <Descriptions.Item label="发票总金额（元）">{totals.invoice_total}</Descriptions.Item>
          </Descriptions>
        </Col>
      </Row>
    </>
  );
}
