import { Drawer } from 'antd';
import { PAY_METHOD_LABELS, type CompanyAccountRow } from '@checkup/api-contract';
import { GenericTable } from '@checkup/ui';
import { useAdvanceLedger } from '../../shared/settlement/settle-api';

const time = (v: string) => new Date(v).toLocaleString('zh-CN', { hour12: false });

/** 流水 of a prepaid account: 充值, 划账, 退回, 退款 and the state changes, oldest first. */
export function LedgerDrawer({ account, onClose }: { account: CompanyAccountRow | null; onClose: () => void }) {
  const ledger = useAdvanceLedger(account?.id ?? null);
  return (
    <Drawer open={account !== null} width={880} title={`预缴流水 · ${account?.company_name ?? ''}`} onClose={onClose}>
      <GenericTable
        tableKey="team-advance-ledger"
        rowKey="id"
        size="small"
        virtual={false}
        pagination={false}
        loading={ledger.isFetching}
        dataSource={ledger.data?.ledger ?? []}
        columns={[
          { title: '时间', dataIndex: 'created_at', width: 160, render: time },
          { title: '类型', dataIndex: 'kind', width: 70 },
          { title: '金额', dataIndex: 'amount', width: 100, align: 'right' },
          { title: '余额', dataIndex: 'balance_after', width: 100, align: 'right' },
          {
            title: '付款方式',
            dataIndex: 'pay_method',
            width: 90,
            render: (m: string | null) => (m ? (PAY_METHOD_LABELS[m] ?? m) : ''),
          },
          { title: '结算单', dataIndex: 'settlement_no', width: 140, render: (v: string | null) => v ?? '' },
          { title: '说明', dataIndex: 'note', width: 160, render: (v: string | null) => v ?? '' },
          { title: '操作人', dataIndex: 'operator_name', width: 80, render: (v: string | null) => v ?? '' },
        ]}
      />
    </Drawer>
  );
}
