import { useState } from 'react';
import { App, Button, Card, Input, Space, Tag } from 'antd';
import { ADVANCE_TOPUP_ACCESS, advanceStateRoute, mayUse, type CompanyAccountRow } from '@checkup/api-contract';
import { GenericTable } from '@checkup/ui';
import { useUserInfo } from '../../session/api/get-user-info';
import { ReasonDialog } from '../shared/reason-dialog';
import { useAdvanceAccounts, useSettleWrite } from '../shared/settlement/settle-api';
import { LedgerDrawer } from './components/ledger-drawer';
import { MoneyDialog } from './components/money-dialog';
import { OpenDialog } from './components/open-dialog';

const STATE_COLORS = { 正常: 'success', 冻结: 'warning', 销户: 'default' } as const;
type StateAction = 'freeze' | 'unfreeze' | 'close';
const STATE_LABELS: Record<StateAction, string> = { freeze: '冻结', unfreeze: '解冻', close: '销户' };

/**
 * 团体预缴 (finance_mg/team_advance_payment, breadth §3.5): companies' prepaid accounts, 充值 with one
 * method, 退款 of what is left, 冻结/解冻/销户 with the reason, and each account's 流水.
 */
export default function TeamAdvancePayment() {
  const { message } = App.useApp();
  const may = mayUse(ADVANCE_TOPUP_ACCESS, useUserInfo().data?.role_menu ?? []);
  const [key, setKey] = useState('');
  const accounts = useAdvanceAccounts(key);
  const [opening, setOpening] = useState(false);
  const [money, setMoney] = useState<{ kind: 'topup' | 'refund'; account: CompanyAccountRow } | null>(null);
  const [stating, setStating] = useState<{ action: StateAction; account: CompanyAccountRow } | null>(null);
  const [viewing, setViewing] = useState<CompanyAccountRow | null>(null);
  const changeState = useSettleWrite(advanceStateRoute);

  const onState = async (reason: string) => {
    if (!stating) return;
    try {
      const { action, account } = stating;
      await changeState.mutateAsync({ id: account.id, version: account.version, action, reason });
      void message.success(`${account.company_name}的预缴账户已${STATE_LABELS[action]}`);
      setStating(null);
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  return (
    <Card
      size="small"
      title="团体预交款"
      extra={
        may && (
          <Button type="primary" onClick={() => setOpening(true)}>
            开户
          </Button>
        )
      }
    >
      <Input.Search
        aria-label="单位名称"
        placeholder="单位名称"
        allowClear
        style={{ width: 260, marginBottom: 8 }}
        onSearch={(v) => setKey(v.trim())}
      />
      <GenericTable<CompanyAccountRow>
        tableKey="team_advance_payment"
        rowKey="id"
        size="small"
        virtual={false}
        pagination={false}
        loading={accounts.isFetching}
        dataSource={accounts.data?.list ?? []}
        columns={[
          { title: '单位', dataIndex: 'company_name', width: 200 },
          {
            title: '状态',
            dataIndex: 'state',
            width: 70,
            render: (s: CompanyAccountRow['state']) => <Tag color={STATE_COLORS[s]}>{s}</Tag>,
          },
          { title: '余额', dataIndex: 'balance', width: 110, align: 'right' },
          { title: '已充值', dataIndex: 'topped_up', width: 70, render: (v: boolean) => (v ? '是' : '否') },
          { title: '状态说明', dataIndex: 'state_note', width: 160, render: (v: string | null) => v ?? '' },
          {
            title: '操作',
            key: 'actions',
            width: 300,
            render: (_: unknown, a) => (
              <Space size={0}>
                {may && a.state === '正常' && (
                  <Button type="link" size="small" onClick={() => setMoney({ kind: 'topup', account: a })}>
                    充值
                  </Button>
                )}
                {may && a.state === '正常' && a.balance !== '0.00' && (
                  <Button type="link" size="small" onClick={() => setMoney({ kind: 'refund', account: a })}>
                    退款
                  </Button>
                )}
                {may && a.state === '正常' && (
                  <Button type="link" size="small" onClick={() => setStating({ action: 'freeze', account: a })}>
                    冻结
                  </Button>
                )}
                {may && a.state === '冻结' && (
                  <Button type="link" size="small" onClick={() => setStating({ action: 'unfreeze', account: a })}>
                    解冻
                  </Button>
                )}
                {may && a.state !== '销户' && (
                  <Button type="link" size="small" danger onClick={() => setStating({ action: 'close', account: a })}>
                    销户
                  </Button>
                )}
                <Button type="link" size="small" onClick={() => setViewing(a)}>
                  流水
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {opening && <OpenDialog onClose={() => setOpening(false)} />}
      {money && <MoneyDialog kind={money.kind} account={money.account} onClose={() => setMoney(null)} />}
      <ReasonDialog
        title={`${stating ? STATE_LABELS[stating.action] : ''} · ${stating?.account.company_name ?? ''}`}
        open={stating !== null}
        pending={changeState.isPending}
        onConfirm={(reason) => void onState(reason)}
        onClose={() => setStating(null)}
      />
      <LedgerDrawer account={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
