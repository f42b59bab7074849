import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Form, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import {
  BANK_AUDIT_ACCESS,
  BANK_SPLIT_MODES,
  bankAuditRoute,
  type bankReceiptResource,
  bankSplitSaveRoute,
  bankSplitsRoute,
  bankTargetsRoute,
  bankUnauditRoute,
  mayUse,
  type ResourceRow,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { useUserInfo } from '../../../session/api/get-user-info';

type Receipt = ResourceRow<typeof bankReceiptResource>;
interface SplitLine {
  key: number;
  settle_mode: (typeof BANK_SPLIT_MODES)[number];
  company_id?: number;
  company_name?: string;
  group_order_id?: number | null;
  amount?: string;
  sales_manager?: string;
  note?: string;
}

const fenOf = (text: string | undefined) => Math.round(Number(text || 0) * 100);
const yuan = (fen: number) => (fen / 100).toFixed(2);

/** 单位 chosen by typing its name; its orders offered beside it. */
function useTargets(key: string) {
  return useQuery({ queryKey: ['bank_receipt', 'targets', key], queryFn: () => api.call(bankTargetsRoute, { key }) });
}

/**
 * 结算明细 of one bank receipt (breadth §3.3): rows of 结算方式, 单位, 订单, 金额, 销售经理, 备注; the
 * total may not exceed the receipt, and 审核 needs it equal (the server says so in the same words).
 */
export function SplitDrawer({ receipt, onClose }: { receipt: Receipt; onClose(): void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const mayAudit = mayUse(BANK_AUDIT_ACCESS, useUserInfo().data?.role_menu ?? []);
  const [search, setSearch] = useState('');
  const targets = useTargets(search).data ?? [];
  const [lines, setLines] = useState<SplitLine[] | null>(null);
  const [version, setVersion] = useState(receipt.version);
  const [audited, setAudited] = useState(receipt.audit_state === '已审核');
  const loaded = useQuery({
    queryKey: ['bank_receipt', receipt.id, 'splits'],
    queryFn: () => api.call(bankSplitsRoute, { id: receipt.id }),
  });
  const rows: SplitLine[] =
    lines ??
    (loaded.data?.splits ?? []).map((s) => ({
      key: s.id,
      settle_mode: s.settle_mode,
      company_id: s.company_id,
      company_name: s.company_name,
      group_order_id: s.group_order_id,
      amount: s.amount,
      sales_manager: s.sales_manager ?? '',
      note: s.note ?? '',
    }));
  const edit = (key: number, change: Partial<SplitLine>) =>
    setLines(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const totalFen = rows.reduce((sum, r) => sum + fenOf(r.amount), 0);
  const receiptFen = fenOf(receipt.amount);
  const refresh = () => client.invalidateQueries({ queryKey: ['resource', 'bank_receipt'] });

  const run = async (work: () => Promise<{ version: number }>, done: string) => {
    try {
      const answer = await work();
      setVersion(answer.version);
      void message.success(done);
      void refresh();
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  const save = () =>
    run(async () => {
      const answer = await api.call(bankSplitSaveRoute, {
        id: receipt.id,
        version,
        splits: JSON.stringify(
          rows.map((r) => ({
            settle_mode: r.settle_mode,
            company_id: r.company_id ?? '',
            group_order_id: r.group_order_id ?? '',
            amount: r.amount ?? '',
            sales_manager: r.sales_manager ?? '',
            note: r.note ?? '',
          })),
        ),
      });
      setLines(null);
      void loaded.refetch();
      return answer;
    }, '结算明细已保存');
  const audit = (on: boolean) =>
    run(
      async () => {
        const answer = await api.call(on ? bankAuditRoute : bankUnauditRoute, { id: receipt.id, version });
        setAudited(on);
        return answer;
      },
      on ? '已审核' : '已反审核',
    );

  const companyOptions = [
    ...targets.map((t) => ({ value: t.id, label: t.company_name })),
    ...rows
      .filter((r) => r.company_id && !targets.some((t) => t.id === r.company_id))
      .map((r) => ({ value: r.company_id!, label: r.company_name ?? String(r.company_id) })),
  ];

  return (
    <Drawer open size={1000} title={`结算明细：${receipt.serial_no}（${receipt.payer}）`} onClose={onClose}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert
          type={totalFen === receiptFen ? 'success' : totalFen > receiptFen ? 'error' : 'info'}
          showIcon
          title={`汇款金额 ¥${receipt.amount}，结算合计 ¥${yuan(totalFen)}，未结算 ¥${yuan(receiptFen - totalFen)}`}
        />
        {audited && <Tag color="green">已审核：反审核后才能修改</Tag>}
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={rows}
          columns={[
            {
              title: '结算方式',
              width: 100,
              render: (_, r) => (
                <Select
                  aria-label="结算方式"
                  disabled={audited}
                  value={r.settle_mode}
                  style={{ width: 90 }}
                  options={BANK_SPLIT_MODES.map((m) => ({ value: m, label: m }))}
                  onChange={(settle_mode) => edit(r.key, { settle_mode })}
                />
              ),
            },
            {
              title: '单位',
              width: 200,
              render: (_, r) => (
                <Select
                  aria-label="单位"
                  showSearch={{ filterOption: false, onSearch: setSearch }}
                  disabled={audited}
                  value={r.company_id}
                  style={{ width: 190 }}
                  placeholder="输入单位名称"
                  options={companyOptions}
                  onChange={(company_id, option) =>
                    edit(r.key, {
                      company_id,
                      company_name: (option as { label: string }).label,
                      group_order_id: null,
                    })
                  }
                />
              ),
            },
            {
              title: '订单',
              width: 180,
              render: (_, r) => (
                <Select
                  aria-label="订单"
                  allowClear
                  disabled={audited || !r.company_id}
                  value={r.group_order_id ?? undefined}
                  style={{ width: 170 }}
                  placeholder="可不选"
                  options={(targets.find((t) => t.id === r.company_id)?.orders ?? []).map((o) => ({
                    value: o.id,
                    label: `${o.order_no} ${o.order_name}`,
                  }))}
                  onChange={(group_order_id) => edit(r.key, { group_order_id: group_order_id ?? null })}
                />
              ),
            },
            {
              title: '金额',
              width: 120,
              render: (_, r) => (
                <InputNumber<string>
                  aria-label="金额"
                  stringMode
                  min="0"
                  precision={2}
                  disabled={audited}
                  value={r.amount}
                  onChange={(amount) => edit(r.key, { amount: amount ?? '' })}
                />
              ),
            },
            {
              title: '销售经理',
              width: 110,
              render: (_, r) => (
                <Input
                  aria-label="销售经理"
                  disabled={audited}
                  value={r.sales_manager}
                  onChange={(e) => edit(r.key, { sales_manager: e.target.value })}
                />
              ),
            },
            {
              title: '备注',
              render: (_, r) => (
                <Input
                  aria-label="备注"
                  disabled={audited}
                  value={r.note}
                  onChange={(e) => edit(r.key, { note: e.target.value })}
                />
              ),
            },
            {
              title: '',
              width: 60,
              render: (_, r) =>
                !audited && (
                  <Button type="link" size="small" danger onClick={() => setLines(rows.filter((x) => x.key !== r.key))}>
                    删除
                  </Button>
                ),
            },
          ]}
        />
        <Form>
          <Space>
            <Button disabled={audited} onClick={() => setLines([...rows, { key: Date.now(), settle_mode: '统收' }])}>
              添加一行
            </Button>
            <Button type="primary" disabled={audited} onClick={() => void save()}>
              保存结算明细
            </Button>
            {mayAudit && !audited && <Button onClick={() => void audit(true)}>审核</Button>}
            {mayAudit && audited && <Button onClick={() => void audit(false)}>反审核</Button>}
          </Space>
        </Form>
      </Space>
    </Drawer>
  );
}
