import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Space, Tag, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import {
  BANK_AUDIT_STATES,
  BANK_SETTLE_STATES,
  bankImportRoute,
  bankReceiptResource,
  type ResourceRow,
  type RouteOutput,
} from '@checkup/api-contract';
import { api } from '../../../lib/api';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { TemplateButtons } from '../shared/recon-template-buttons';
import { SplitDrawer } from './components/split-drawer';

type Receipt = ResourceRow<typeof bankReceiptResource>;
const time = (v: string | null) => (v ? new Date(v).toLocaleString('zh-CN', { hour12: false }) : '');
const text = (v: string | null) => v ?? '';
const choices = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const SETTLE_COLORS: Record<string, string> = { 未结算: 'default', 部分结算: 'orange', 已结算: 'green' };

/** 导入到账: a file of the 银行 template; rows whose 流水号 is known are skipped and listed. */
function ImportReceipts() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<RouteOutput<typeof bankImportRoute> | null>(null);
  const run = async (file: File) => {
    try {
      const done = await api.upload(bankImportRoute, {}, file);
      setOutcome(done);
      void message.success(`已导入${done.imported}笔到账`);
      void client.invalidateQueries({ queryKey: ['resource', 'bank_receipt'] });
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Upload
          accept=".xlsx,.csv"
          showUploadList={false}
          beforeUpload={(file) => {
            void run(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>导入银行到账</Button>
        </Upload>
        <TemplateButtons channels={['bank']} />
      </Space>
      {outcome && outcome.skipped.length > 0 && (
        <Alert
          type="warning"
          showIcon
          closable
          title={`导入${outcome.imported}笔，跳过${outcome.skipped.length}行`}
          description={outcome.skipped.map((s) => `第${s.row}行 ${s.serial_no}：${s.reason}`).join('；')}
        />
      )}
    </Space>
  );
}

/**
 * 财务到账匹配 (finance_mg/finance_match, breadth §3.3): bank receipts (added or imported from the
 * bank template) and each one's split across companies and orders, audited when it adds up.
 */
export default function FinanceMatch() {
  const [splitting, setSplitting] = useState<Receipt | null>(null);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <ImportReceipts />
      <ResourceScreen
        resource={bankReceiptResource}
        title="银行到账"
        filters={[
          { name: 'payer', kind: 'search', label: '汇款单位', placeholder: '汇款单位，回车' },
          { kind: 'days', label: '汇款日期' },
          { name: 'settle_state', kind: 'select', label: '结算状态', options: choices(BANK_SETTLE_STATES) },
          { name: 'audit_state', kind: 'select', label: '审核状态', options: choices(BANK_AUDIT_STATES) },
        ]}
        columns={[
          { title: '交易流水号', dataIndex: 'serial_no', width: 160 },
          { title: '汇款单位', dataIndex: 'payer', width: 180 },
          { title: '汇款金额', dataIndex: 'amount', width: 110, align: 'right' },
          { title: '汇款时间', dataIndex: 'remitted_at', width: 160, render: time },
          { title: '已结算金额', dataIndex: 'settled_amount', width: 110, align: 'right' },
          {
            title: '结算状态',
            dataIndex: 'settle_state',
            width: 90,
            render: (s: string) => <Tag color={SETTLE_COLORS[s]}>{s}</Tag>,
          },
          { title: '结算时间', dataIndex: 'settled_at', width: 160, render: time },
          {
            title: '审核状态',
            dataIndex: 'audit_state',
            width: 90,
            render: (s: string) => <Tag color={s === '已审核' ? 'green' : 'default'}>{s}</Tag>,
          },
          { title: '审核时间', dataIndex: 'audited_at', width: 160, render: time },
          { title: '销售经理', dataIndex: 'sales_managers', width: 120, render: text },
          { title: '摘要', dataIndex: 'summary', width: 160, render: text },
        ]}
        fields={[
          { name: 'serial_no', label: '交易流水号' },
          { name: 'payer', label: '汇款单位' },
          { name: 'amount', label: '汇款金额（元）' },
          { name: 'remitted_at', label: '汇款时间', placeholder: '年-月-日 时:分' },
          { name: 'account', label: '收款账号' },
          { name: 'summary', label: '摘要' },
        ]}
        toForm={(row) => ({
          ...row,
          remitted_at: new Date(new Date(row.remitted_at).getTime() + 8 * 3_600_000)
            .toISOString()
            .slice(0, 16)
            .replace('T', ' '),
          account: row.account ?? '',
          summary: row.summary ?? '',
        })}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setSplitting(row)}>
            结算明细
          </Button>
        )}
        actionsWidth={200}
      />
      {splitting && <SplitDrawer receipt={splitting} onClose={() => setSplitting(null)} />}
    </Space>
  );
}
