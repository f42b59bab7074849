import { useState } from 'react';
import { Button, Card, Input } from 'antd';
import { useNavigate } from 'react-router';
import {
  PAY_METHOD_LABELS,
  PAYMENT_KIND_LABELS,
  type PaymentKind,
  type RouteOutput,
  type settleOrdersRoute,
} from '@checkup/api-contract';
import { GenericTable } from '@checkup/ui';
import { useOrderPayments, useSettleOrders } from '../shared/settlement/settle-api';

type OrderRow = RouteOutput<typeof settleOrdersRoute>['list'][number];
const time = (v: string) => new Date(v).toLocaleString('zh-CN', { hour12: false });

/** The payment lines of one order's statements (§3.6: expanding a row). */
function OrderPayments({ groupOrderId }: { groupOrderId: number }) {
  const paid = useOrderPayments(groupOrderId);
  return (
    <GenericTable
      tableKey="team-settle-payments"
      rowKey="id"
      size="small"
      virtual={false}
      pagination={false}
      loading={paid.isFetching}
      dataSource={paid.data?.list ?? []}
      locale={{ emptyText: '尚无结算收款' }}
      columns={[
        { title: '结算单', dataIndex: 'settlement_no', width: 140 },
        { title: '金额', dataIndex: 'amount', width: 100, align: 'right' },
        { title: '付款方式', dataIndex: 'pay_method', width: 90, render: (m: string) => PAY_METHOD_LABELS[m] ?? m },
        { title: '已收已退', dataIndex: 'kind', width: 80, render: (k: PaymentKind) => PAYMENT_KIND_LABELS[k] ?? k },
        { title: '操作员', dataIndex: 'operator_name', width: 80, render: (v: string | null) => v ?? '' },
        { title: '收费时间', dataIndex: 'paid_at', width: 160, render: time },
        { title: '日结', dataIndex: 'day_ended', width: 70, render: (v: boolean) => (v ? '已日结' : '未日结') },
        { title: '备注', dataIndex: 'note', width: 180, render: (v: string | null) => v ?? '' },
      ]}
    />
  );
}

/**
 * 团体结算 (finance_mg/team_balance_accounts, breadth §3.6, §11.2(a)): approved group orders with 应收,
 * 已结 and 待结; a row expands to its payment lines, 结算 opens the order's statements.
 */
export default function TeamBalanceAccounts() {
  const navigate = useNavigate();
  const [key, setKey] = useState('');
  const orders = useSettleOrders(key);
  return (
    <Card size="small" title="团体结算">
      <Input.Search
        aria-label="订单号或团体"
        placeholder="订单号、订单名称或团体"
        allowClear
        style={{ width: 300, marginBottom: 8 }}
        onSearch={(v) => setKey(v.trim())}
      />
      <GenericTable<OrderRow>
        tableKey="team_balance_accounts"
        rowKey="id"
        size="small"
        virtual={false}
        pagination={false}
        loading={orders.isFetching}
        dataSource={orders.data?.list ?? []}
        expandable={{ expandedRowRender: (r) => <OrderPayments groupOrderId={r.id} /> }}
        columns={[
          { title: '订单号', dataIndex: 'order_no', width: 150 },
          { title: '订单名称', dataIndex: 'order_name', width: 180 },
          { title: '团体', dataIndex: 'company_name', width: 180 },
          { title: '应收金额', dataIndex: 'receivable', width: 110, align: 'right' },
          { title: '回款金额', dataIndex: 'settled', width: 110, align: 'right' },
          { title: '待结', dataIndex: 'pending', width: 110, align: 'right' },
          { title: '销售经理', dataIndex: 'sales_name', width: 90, render: (v: string | null) => v ?? '' },
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_: unknown, r) => (
              <Button
                type="link"
                size="small"
                onClick={() => void navigate(`/manager/finance_mg/team_balance_accounts_detail?id=${r.id}`)}
              >
                结算
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
