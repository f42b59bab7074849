import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Popconfirm, Space, Tabs, Tag } from 'antd';
import { useNavigate } from 'react-router';
import {
  CHECKOUT_ACCESS,
  SETTLE_ACCESS,
  WAIVE_MODE_LABELS,
  mayUse,
  statementAuditRoute,
  statementUncheckoutRoute,
  statementVoidRoute,
  type Statement,
} from '@checkup/api-contract';
import { GenericTable } from '@checkup/ui';
import { useRecordId } from '../../../lib/resource/use-record';
import { useUserInfo } from '../../session/api/get-user-info';
import { ReasonDialog } from '../shared/reason-dialog';
import { useSettleDetail, useSettleWrite } from '../shared/settlement/settle-api';
import { CheckoutDialog } from './components/checkout-dialog';
import { CheckoutSheet } from './components/checkout-sheet';
import { CreateDialog } from './components/create-dialog';
import { StatementPanel } from './components/statement-panel';

const STATE_COLORS: Record<Statement['state'], string> = {
  草稿: 'default',
  已审核: 'processing',
  已结账: 'success',
  已作废: 'error',
};

/**
 * 团体结算详情 (finance_mg/team_balance_accounts_detail?id=…, breadth §3.6, §11.2(c)): an approved
 * order's statements — 新建 with 预结算 and the 含弃检 mode, 附加费用 and 减免 while a draft, 审核 and
 * 反审核, 结账 (incl. 预缴划账) and 反结账 — and the order's 体检结账单.
 */
export default function TeamBalanceAccountsDetail() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = useRecordId();
  const detail = useSettleDetail(id);
  const roleMenu = useUserInfo().data?.role_menu ?? [];
  const maySettle = mayUse(SETTLE_ACCESS, roleMenu);
  const mayCheckout = mayUse(CHECKOUT_ACCESS, roleMenu);
  const [creating, setCreating] = useState(false);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [paying, setPaying] = useState<Statement | null>(null);
  const [reversing, setReversing] = useState<Statement | null>(null);
  const audit = useSettleWrite(statementAuditRoute);
  const voiding = useSettleWrite(statementVoidRoute);
  const uncheckout = useSettleWrite(statementUncheckoutRoute);

  if (id === null) return <Alert type="warning" showIcon title="请从团体结算列表打开一个订单" />;
  const order = detail.data?.order;
  const statements = detail.data?.statements ?? [];
  const chosen = statements.find((s) => s.id === chosenId) ?? null;

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      void message.success(done);
    } catch (err) {
      void message.error((err as Error).message);
    }
  };
  const onUncheckout = (reason: string) =>
    void run(async () => {
      await uncheckout.mutateAsync({ id: reversing!.id, version: reversing!.version, reason });
      setReversing(null);
    }, '已反结账');

  const actions = (s: Statement) => {
    const ref = { id: s.id, version: s.version };
    return (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => setChosenId(s.id)}>
          明细
        </Button>
        {maySettle && s.state === '草稿' && (
          <Button
            type="link"
            size="small"
            onClick={() => void run(() => audit.mutateAsync({ ...ref, audit: '1' }), '已审核')}
          >
            审核
          </Button>
        )}
        {maySettle && s.state === '已审核' && (
          <Button
            type="link"
            size="small"
            onClick={() => void run(() => audit.mutateAsync({ ...ref, audit: '0' }), '已反审核')}
          >
            反审核
          </Button>
        )}
        {maySettle && s.state === '草稿' && (
          <Popconfirm
            title="作废后其中的项目可重新结算，确定作废？"
            onConfirm={() => void run(() => voiding.mutateAsync(ref), '已作废')}
          >
            <Button type="link" size="small" danger>
              作废
            </Button>
          </Popconfirm>
        )}
        {mayCheckout && s.state === '已审核' && (
          <Button type="link" size="small" onClick={() => setPaying(s)}>
            结账
          </Button>
        )}
        {mayCheckout && s.state === '已结账' && (
          <Button type="link" size="small" danger onClick={() => setReversing(s)}>
            反结账
          </Button>
        )}
      </Space>
    );
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <Button onClick={() => void navigate('/manager/finance_mg/team_balance_accounts')}>返回团体结算</Button>
        {maySettle && (
          <Button type="primary" onClick={() => setCreating(true)}>
            新建结算单
          </Button>
        )}
      </Space>
      {order && (
        <Descriptions size="small" bordered column={4} title={`${order.order_no} ${order.order_name}`}>
          <Descriptions.Item label="团体">{order.company_name}</Descriptions.Item>
          <Descriptions.Item label="应收">¥{order.receivable}</Descriptions.Item>
          <Descriptions.Item label="已结">¥{order.settled}</Descriptions.Item>
          <Descriptions.Item label="待结">¥{order.pending}</Descriptions.Item>
          <Descriptions.Item label="预缴余额" span={4}>
            {detail.data?.account
              ? `¥${detail.data.account.balance}（${detail.data.account.state}）`
              : '未开立预缴账户'}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Tabs
        items={[
          {
            key: 'statements',
            label: '结算单',
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Card size="small">
                  <GenericTable<Statement>
                    tableKey="team-settle-statements"
                    rowKey="id"
                    size="small"
                    virtual={false}
                    pagination={false}
                    loading={detail.isFetching}
                    dataSource={statements}
                    columns={[
                      { title: '结算单号', dataIndex: 'settlement_no', width: 140 },
                      {
                        title: '状态',
                        dataIndex: 'state',
                        width: 80,
                        render: (s: Statement['state']) => <Tag color={STATE_COLORS[s]}>{s}</Tag>,
                      },
                      {
                        title: '预结算',
                        dataIndex: 'pre_settle',
                        width: 70,
                        render: (v: boolean) => (v ? '是' : '否'),
                      },
                      {
                        title: '弃检项目',
                        dataIndex: 'waive_mode',
                        width: 90,
                        render: (m: Statement['waive_mode']) => WAIVE_MODE_LABELS[m],
                      },
                      { title: '人次', dataIndex: 'person_count', width: 60 },
                      { title: '应收', dataIndex: 'receivable', width: 100, align: 'right' },
                      { title: '结算金额', dataIndex: 'settle_amount', width: 100, align: 'right' },
                      { title: '附加费用', dataIndex: 'fee_total', width: 90, align: 'right' },
                      { title: '减免', dataIndex: 'deduction', width: 90, align: 'right' },
                      { title: '实收', dataIndex: 'net_amount', width: 100, align: 'right' },
                      {
                        title: '实际结帐',
                        dataIndex: 'checkout_amount',
                        width: 100,
                        align: 'right',
                        render: (v: string | null) => v ?? '',
                      },
                      { title: '操作', key: 'actions', width: 200, render: (_: unknown, s) => actions(s) },
                    ]}
                  />
                </Card>
                {chosen && <StatementPanel statement={chosen} editable={maySettle} />}
              </Space>
            ),
          },
          {
            key: 'sheet',
            label: '体检结账单',
            children: <CheckoutSheet groupOrderId={id} orderNo={order?.order_no ?? ''} />,
          },
        ]}
      />
      {creating && <CreateDialog groupOrderId={id} onClose={() => setCreating(false)} />}
      {paying && (
        <CheckoutDialog statement={paying} account={detail.data?.account ?? null} onClose={() => setPaying(null)} />
      )}
      <ReasonDialog
        title={`反结账 · ${reversing?.settlement_no ?? ''}`}
        open={reversing !== null}
        pending={uncheckout.isPending}
        onConfirm={onUncheckout}
        onClose={() => setReversing(null)}
      />
    </Space>
  );
}
