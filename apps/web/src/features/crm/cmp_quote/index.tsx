import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Alert, App, Button, Card, Descriptions, Select, Space, Table } from 'antd';
import {
  GENDER_LIMIT_LABELS,
  PAY_MODE_LABELS,
  cmpQuoteExportRoute,
  cmpQuoteRoute,
  groupOrderResource,
  type CmpQuote,
} from '@checkup/api-contract';
import { api } from '../../../lib/api';
import { saveBlob, useResourceList } from '../../../lib/resource/resource-api';

type QuoteGroup = CmpQuote['groups'][number];

/**
 * 单位报价 (crm/cmp_quote, breadth §2.4): an order's quotation — each group's package with its unions at
 * list price and their share of the group price, the discount, who pays, the totals and the plan's
 * amount — shown, exported as .xlsx and printed.
 */
export default function CmpQuoteScreen() {
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const orders = useResourceList(groupOrderResource, { page: 1, size: 200 });
  const quote = useQuery({
    queryKey: ['crm', 'quote', id],
    queryFn: () => api.call(cmpQuoteRoute, { id: id! }),
    enabled: id !== null,
  });
  const exportFile = () =>
    api
      .download(cmpQuoteExportRoute, { id: id! })
      .then((blob) => saveBlob(blob, `单位报价-${quote.data?.order_no ?? id}.xlsx`))
      .catch((error: Error) => void message.error(error.message));
  const q = quote.data;
  return (
    <Card
      title="单位报价"
      extra={
        <Space>
          <Select
            aria-label="团检订单"
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 360 }}
            placeholder="选择团检订单"
            value={id ?? undefined}
            options={(orders.data?.list ?? []).map((o) => ({
              value: o.id,
              label: `${o.order_no} ${o.order_name}（${o.company_name ?? ''}）`,
            }))}
            onChange={(value: number) => setParams({ id: String(value) })}
          />
          <Button disabled={!q} onClick={() => void exportFile()}>
            导出Excel
          </Button>
          <Button disabled={!q} onClick={() => window.print()}>
            打印
          </Button>
        </Space>
      }
    >
      {quote.error ? <Alert type="error" showIcon title={quote.error.message} /> : null}
      {!id ? <Alert type="info" showIcon title="请选择团检订单" /> : null}
      {q ? (
        <>
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label="单位">{q.company_name}</Descriptions.Item>
            <Descriptions.Item label="订单">{`${q.order_no} ${q.order_name}`}</Descriptions.Item>
            <Descriptions.Item label="计划检期">{`${q.plan_from} 至 ${q.plan_to}`}</Descriptions.Item>
            <Descriptions.Item label="计划人数">{`男 ${q.plan_male} 人，女 ${q.plan_female} 人`}</Descriptions.Item>
            <Descriptions.Item label="原价合计">{q.list_total}</Descriptions.Item>
            <Descriptions.Item label="优惠价合计">{q.price_total}</Descriptions.Item>
            <Descriptions.Item label="男/女按分组价">{`${q.male_price ?? '—'} / ${q.female_price ?? '—'}`}</Descriptions.Item>
            <Descriptions.Item label="预计金额" span={2}>
              <strong>{q.planned_amount}</strong>（计划人数 × 首个适用分组的价格）
            </Descriptions.Item>
          </Descriptions>
          <Table<QuoteGroup>
            style={{ marginTop: 16 }}
            size="small"
            rowKey="group_id"
            pagination={false}
            dataSource={q.groups}
            columns={[
              { title: '分组', dataIndex: 'group_name' },
              { title: '性别', dataIndex: 'gender_limit', render: (_, g) => GENDER_LIMIT_LABELS[g.gender_limit] },
              { title: '套餐', dataIndex: 'package_name' },
              { title: '原价合计', dataIndex: 'list_total', align: 'right' },
              { title: '优惠价', dataIndex: 'price', align: 'right' },
              { title: '折扣（%）', dataIndex: 'discount', align: 'right' },
              { title: '付款方式', dataIndex: 'pay_mode', render: (_, g) => PAY_MODE_LABELS[g.pay_mode] },
            ]}
            expandable={{
              defaultExpandAllRows: true,
              expandedRowRender: (g) => (
                <Table
                  size="small"
                  rowKey="union_name"
                  pagination={false}
                  dataSource={g.items}
                  columns={[
                    { title: '项目', dataIndex: 'union_name' },
                    { title: '原价', dataIndex: 'list_price', align: 'right' },
                    { title: '分摊优惠价', dataIndex: 'group_price', align: 'right' },
                  ]}
                />
              ),
            }}
          />
        </>
      ) : null}
    </Card>
  );
}
