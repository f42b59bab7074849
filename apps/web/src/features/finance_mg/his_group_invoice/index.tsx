import { useState } from 'react';
import { Alert, App, Button, Card, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { fenOf, hisInvoicePushRoute, hisInvoiceStatusRoute, type GroupOrderBill } from '@checkup/api-contract';
import { GenericTable, SearchBox } from '@checkup/ui';
import { api } from '../../../lib/api';
import { useInvoiceWrite, useOrderBills } from '../shared/invoices/invoice-api';

const due = (bill: GroupOrderBill) => fenOf(bill.amount) - fenOf(bill.invoiced);

/**
 * HIS团体发票 (finance_mg/his_group_invoice, breadth §3.2): approved group orders' bills and whether
 * they are invoiced; 推送HIS开票 sends what is not yet invoiced to the hospital's HIS, which answers the
 * number. Without a HIS invoicing interface the screen says so and nothing is sent.
 */
export default function HisGroupInvoice() {
  const { message } = App.useApp();
  const [key, setKey] = useState('');
  const status = useQuery({ queryKey: ['invoice', 'his'], queryFn: () => api.call(hisInvoiceStatusRoute, {}) });
  const bills = useOrderBills(key);
  const push = useInvoiceWrite(hisInvoicePushRoute);
  const configured = status.data?.configured === true;
  return (
    <Card size="small" title="HIS团体发票">
      {status.data && !configured && (
        <Alert type="warning" showIcon style={{ marginBottom: 8 }} message={status.data.message} />
      )}
      {configured && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          message={`HIS开票接口：${status.data?.interface_name}`}
        />
      )}
      <Space style={{ marginBottom: 8 }}>
        <SearchBox label="单位名称/订单号" placeholder="单位名称或订单号，回车" onSearch={setKey} />
        <Button onClick={() => void bills.refetch()}>刷新</Button>
      </Space>
      <GenericTable<GroupOrderBill>
        tableKey="his-group-invoice"
        rowKey="id"
        loading={bills.isLoading}
        dataSource={bills.data?.list ?? []}
        pagination={false}
        columns={[
          { title: '单位', dataIndex: 'company_name', width: 180 },
          { title: '订单号', dataIndex: 'order_no', width: 140 },
          { title: '订单名称', dataIndex: 'order_name', width: 180 },
          { title: '订单金额', dataIndex: 'amount', width: 110, align: 'right' },
          { title: '已开票', dataIndex: 'invoiced', width: 110, align: 'right' },
          {
            title: '开票状态',
            key: 'state',
            width: 100,
            render: (_v, bill) =>
              due(bill) <= 0 ? (
                <Tag color="green">已开票</Tag>
              ) : (
                <Tag>{fenOf(bill.invoiced) > 0 ? '部分开票' : '未开票'}</Tag>
              ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 120,
            fixed: 'right',
            render: (_v, bill) => (
              <Button
                type="link"
                size="small"
                disabled={!configured || due(bill) <= 0}
                loading={push.isPending && push.variables?.group_order_id === bill.id}
                onClick={() =>
                  push.mutate(
                    { group_order_id: bill.id },
                    {
                      onSuccess: (row) => void message.success(`HIS已开票：${row.invoice_no}`),
                      onError: (err) => void message.error(err.message),
                    },
                  )
                }
              >
                推送HIS开票
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
