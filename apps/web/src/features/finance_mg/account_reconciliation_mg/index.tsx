import { useState } from 'react';
import { Button, Space, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { RECON_BATCH_STATES, RECON_CHANNEL_NAMES, reconBatchResource } from '@checkup/api-contract';
import { ResourceList } from '../../../lib/resource/resource-list';
import { CHANNEL_OPTIONS, NewReconDialog } from './components/new-recon-dialog';
import { TemplateButtons } from '../shared/recon-template-buttons';

const time = (v: string | null) => (v ? new Date(v).toLocaleString('zh-CN', { hour12: false }) : '');

/**
 * 对账管理 (finance_mg/account_reconciliation_mg, breadth §3.8): the reconciliation batches per
 * channel, 新建对账 (upload a settlement file, map its columns, match) and the channels' templates.
 */
export default function AccountReconciliationMg() {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ResourceList
        resource={reconBatchResource}
        title="对账批次"
        extra={
          <Space>
            <Button type="primary" onClick={() => setCreating(true)}>
              新建对账
            </Button>
            <TemplateButtons />
          </Space>
        }
        filters={[
          { name: 'channel', kind: 'select', label: '渠道', options: CHANNEL_OPTIONS },
          {
            name: 'state',
            kind: 'select',
            label: '状态',
            options: RECON_BATCH_STATES.map((s) => ({ value: s, label: s })),
          },
          { kind: 'days', label: '业务日期' },
        ]}
        columns={[
          { title: '批次号', dataIndex: 'batch_no', width: 150 },
          {
            title: '渠道',
            dataIndex: 'channel',
            width: 80,
            render: (c: keyof typeof RECON_CHANNEL_NAMES) => RECON_CHANNEL_NAMES[c],
          },
          {
            title: '业务日期',
            dataIndex: 'date_from',
            width: 190,
            render: (_: string, row) =>
              row.date_from === row.date_to ? row.date_from : `${row.date_from} 至 ${row.date_to}`,
          },
          { title: '文件', dataIndex: 'file_name', width: 160 },
          { title: '一致', dataIndex: 'matched_count', width: 60, align: 'right' },
          { title: '长款', dataIndex: 'over_count', width: 60, align: 'right' },
          { title: '短款', dataIndex: 'short_count', width: 60, align: 'right' },
          { title: '金额不符', dataIndex: 'mismatch_count', width: 80, align: 'right' },
          { title: '未处理', dataIndex: 'open_count', width: 70, align: 'right' },
          { title: '渠道合计', dataIndex: 'channel_total', width: 110, align: 'right' },
          { title: '系统合计', dataIndex: 'peis_total', width: 110, align: 'right' },
          {
            title: '状态',
            dataIndex: 'state',
            width: 80,
            render: (s: string) => <Tag color={s === '已完成' ? 'green' : 'orange'}>{s}</Tag>,
          },
          { title: '对账人', dataIndex: 'created_by_name', width: 90, render: (v: string | null) => v ?? '' },
          { title: '对账时间', dataIndex: 'created_at', width: 160, render: time },
        ]}
        rowActions={(row) => (
          <Button
            type="link"
            size="small"
            onClick={() => void navigate(`/manager/finance_mg/account_reconciliation_mg_detail?id=${row.id}`)}
          >
            明细
          </Button>
        )}
        actionsWidth={80}
      />
      {creating && <NewReconDialog onClose={() => setCreating(false)} />}
    </>
  );
}
