import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import {
  costCollectRoute,
  costRefundRoute,
  costReverseRoute,
  mayCall,
  PAY_METHOD_NAMES,
  PAYMENT_KIND_LABELS,
  unionExecLabel,
  type CostLine,
  type PaymentLine,
} from '@checkup/api-contract';
import { GenericTable } from '@checkup/ui';
import { downloadPaymentSlip } from '../../../lib/desk-print/print-desk-documents';
import { useUserInfo } from '../../session/api/get-user-info';
import { useCostDetail } from '../shared/cost-api';
import { CollectDialog, unpaidLinesOf } from './components/collect-dialog';
import { RefundDialog } from './components/refund-dialog';
import { HistoryDrawer, ReverseDialog, SplitDialog } from './components/split-reverse';

const methodName = (m: string) => PAY_METHOD_NAMES[m as keyof typeof PAY_METHOD_NAMES] ?? m;
const today = () => dayjs().format('YYYY-MM-DD');

/**
 * 费用详情 (finance_mg/cost_mg_detail?order_id=…, breadth §3.1): the person, the item lines with 原价,
 * 优惠价 and who pays, the payment lines with their day-end state; 收款, 拆分, 退项/退费, 误操作退款,
 * the 缴费单 and the 收费历史.
 */
export default function CostMgDetail() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderId = params.get('order_id');
  const detail = useCostDetail(orderId);
  const menu = useUserInfo().data?.role_menu ?? [];
  const [dialog, setDialog] = useState<'collect' | 'refund' | 'history' | null>(null);
  const [splitting, setSplitting] = useState<PaymentLine | null>(null);
  const [reversing, setReversing] = useState<PaymentLine | null>(null);
  if (!orderId) return <Alert type="warning" showIcon title="请从费用管理列表打开一次体检" />;
  const d = detail.data;
  const mayCharge = mayCall(costCollectRoute, menu);
  const mayRefund = mayCall(costRefundRoute, menu);
  const mayReverse = mayCall(costReverseRoute, menu);
  const printSlip = () => downloadPaymentSlip(orderId, true).catch((err: Error) => void message.error(err.message));

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Button onClick={() => void navigate('/manager/finance_mg/cost_mg')}>返回费用管理</Button>
        {mayCharge && (
          <Button type="primary" disabled={!d || unpaidLinesOf(d).length === 0} onClick={() => setDialog('collect')}>
            收款
          </Button>
        )}
        {mayRefund && (
          <Button danger disabled={!d} onClick={() => setDialog('refund')}>
            退项/退费
          </Button>
        )}
        <Button onClick={() => void printSlip()}>打印缴费单</Button>
        <Button onClick={() => setDialog('history')}>收费历史</Button>
      </Space>
      {detail.error && <Alert type="error" showIcon title={(detail.error as Error).message} />}
      {d && (
        <>
          <Descriptions size="small" bordered column={4} title={`体检号 ${d.order_id}`}>
            <Descriptions.Item label="姓名">{d.cust_name}</Descriptions.Item>
            <Descriptions.Item label="性别/年龄">{`${d.sex === '1' ? '男' : '女'} / ${d.age ?? ''}`}</Descriptions.Item>
            <Descriptions.Item label="身份证号">{d.id_card ?? ''}</Descriptions.Item>
            <Descriptions.Item label="电话">{d.phone ?? ''}</Descriptions.Item>
            <Descriptions.Item label="单位">{d.company_name ?? '个人'}</Descriptions.Item>
            <Descriptions.Item label="体检日期">{d.exam_date}</Descriptions.Item>
            <Descriptions.Item label="总金额">¥{d.total}</Descriptions.Item>
            <Descriptions.Item label="自费待收">
              <span style={{ color: Number(d.due) > 0 ? '#cf1322' : undefined }}>¥{d.due}</span>
            </Descriptions.Item>
            <Descriptions.Item label="已收">¥{d.paid}</Descriptions.Item>
            <Descriptions.Item label="已退">¥{d.refunded}</Descriptions.Item>
          </Descriptions>
          <Card size="small" title="项目费用">
            <GenericTable<CostLine>
              tableKey="cost-lines"
              rowKey="union_id"
              size="small"
              virtual={false}
              pagination={false}
              dataSource={d.lines}
              columns={[
                { title: '项目', dataIndex: 'union_name', width: 180 },
                { title: '科室', dataIndex: 'dept_name', width: 110 },
                { title: '原价', dataIndex: 'list_price', width: 90, align: 'right' },
                { title: '优惠价', dataIndex: 'price', width: 90, align: 'right' },
                {
                  title: '付费方',
                  dataIndex: 'pay_mode',
                  width: 70,
                  render: (m: string) => (m === 'company' ? '统收' : '自费'),
                },
                {
                  title: '收费',
                  key: 'charged',
                  width: 90,
                  render: (_: unknown, l) =>
                    l.returned ? (
                      <Tag color="default">已退项</Tag>
                    ) : l.pay_mode === 'company' ? (
                      <Tag>单位结算</Tag>
                    ) : l.fee_charged ? (
                      <Tag color="success">已收</Tag>
                    ) : (
                      <Tag color="error">未收</Tag>
                    ),
                },
                {
                  title: '检查',
                  key: 'exec',
                  width: 70,
                  render: (_: unknown, l) => (l.examined ? '已检' : unionExecLabel(l.exec_state)),
                },
                { title: '退项原因', dataIndex: 'return_reason', render: (v: string | null) => v ?? '' },
              ]}
            />
          </Card>
          <Card size="small" title="收退费记录">
            <GenericTable<PaymentLine>
              tableKey="cost-payments"
              rowKey="id"
              size="small"
              virtual={false}
              pagination={false}
              dataSource={d.payments}
              columns={[
                { title: '编号', dataIndex: 'id', width: 70 },
                {
                  title: '类型',
                  dataIndex: 'kind',
                  width: 60,
                  render: (k: PaymentLine['kind']) => PAYMENT_KIND_LABELS[k],
                },
                { title: '付款方式', dataIndex: 'pay_method', width: 90, render: methodName },
                { title: '金额', dataIndex: 'amount', width: 90, align: 'right' },
                { title: '卡号', dataIndex: 'card_no', width: 120, render: (v: string | null) => v ?? '' },
                { title: '收费员', dataIndex: 'operator_name', width: 80, render: (v: string | null) => v ?? '' },
                {
                  title: '时间',
                  dataIndex: 'paid_at',
                  width: 140,
                  render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
                },
                {
                  title: '日结',
                  dataIndex: 'day_ended',
                  width: 70,
                  render: (v: boolean) => (v ? <Tag>已日结</Tag> : <Tag color="processing">未日结</Tag>),
                },
                { title: '备注', dataIndex: 'note', render: (v: string | null) => v ?? '' },
                {
                  title: '操作',
                  key: 'actions',
                  width: 170,
                  render: (_: unknown, p) =>
                    p.kind === 'charge' && Number(p.refundable) === Number(p.amount) ? (
                      <Space size={4}>
                        {mayCharge && !p.day_ended && p.pay_method !== 'exam_card' && (
                          <Button size="small" onClick={() => setSplitting(p)}>
                            拆分
                          </Button>
                        )}
                        {mayReverse &&
                          dayjs(p.paid_at).format('YYYY-MM-DD') === today() &&
                          d.mistake_methods.includes(p.pay_method) && (
                            <Button size="small" danger onClick={() => setReversing(p)}>
                              误操作退款
                            </Button>
                          )}
                      </Space>
                    ) : null,
                },
              ]}
            />
          </Card>
          {dialog === 'collect' && <CollectDialog detail={d} onClose={() => setDialog(null)} />}
          {dialog === 'refund' && <RefundDialog detail={d} onClose={() => setDialog(null)} />}
        </>
      )}
      <SplitDialog line={splitting} onClose={() => setSplitting(null)} />
      <ReverseDialog line={reversing} onClose={() => setReversing(null)} />
      <HistoryDrawer orderId={orderId} open={dialog === 'history'} onClose={() => setDialog(null)} />
    </Space>
  );
}
