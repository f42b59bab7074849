import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Input, Segmented, Space, Switch, Tag } from 'antd';
import { useNavigate } from 'react-router';
import {
  mayUse,
  RECON_CHANNEL_NAMES,
  RECON_RESOLVE_ACCESS,
  RECON_RESULTS,
  reconBatchResource,
  reconRowsRoute,
  type ReconRow,
} from '@checkup/api-contract';
import { GenericTable } from '@checkup/ui';
import { api } from '../../../lib/api';
import { useRecord, useRecordId } from '../../../lib/resource/use-record';
import { useUserInfo } from '../../session/api/get-user-info';
import { TemplateButtons } from '../shared/recon-template-buttons';
import { ResolveDialog } from './components/resolve-dialog';

const RESULT_COLORS: Record<string, string> = { 一致: 'green', 长款: 'blue', 短款: 'red', 金额不符: 'orange' };
const time = (v: string | null) => (v ? new Date(v).toLocaleString('zh-CN', { hour12: false }) : '');
const text = (v: string | null) => v ?? '';

/**
 * 对账详情 (finance_mg/account_reconciliation_mg_detail?id=…): a batch's rows by result, the totals
 * (Σ channel − Σ PEIS equals the differences explained), and 补单/冲正/说明 per row.
 */
export default function AccountReconciliationMgDetail() {
  const navigate = useNavigate();
  const id = useRecordId();
  const batch = useRecord(reconBatchResource, id).data;
  const [result, setResult] = useState<string>('全部');
  const [openOnly, setOpenOnly] = useState(false);
  const [key, setKey] = useState('');
  const [resolving, setResolving] = useState<ReconRow | null>(null);
  const mayResolve = mayUse(RECON_RESOLVE_ACCESS, useUserInfo().data?.role_menu ?? []);
  const query = { id: id!, result: result === '全部' ? '' : result, open: openOnly ? '1' : '', key };
  const rows = useQuery({
    queryKey: ['recon', id, 'rows', query],
    queryFn: () => api.call(reconRowsRoute, query as never),
    enabled: id !== null,
  });
  if (id === null) return <Alert type="warning" showIcon title="请从对账管理打开一个对账批次" />;
  const totals = rows.data?.totals;

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Button onClick={() => void navigate('/manager/finance_mg/account_reconciliation_mg')}>返回对账管理</Button>
        {batch && <TemplateButtons channels={[batch.channel]} />}
      </Space>
      {batch && (
        <Descriptions size="small" bordered column={4} title={`对账批次 ${batch.batch_no}`}>
          <Descriptions.Item label="渠道">{RECON_CHANNEL_NAMES[batch.channel]}</Descriptions.Item>
          <Descriptions.Item label="业务日期">
            {batch.date_from === batch.date_to ? batch.date_from : `${batch.date_from} 至 ${batch.date_to}`}
          </Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag color={batch.state === '已完成' ? 'green' : 'orange'}>{batch.state}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="文件">{batch.file_name}</Descriptions.Item>
          <Descriptions.Item label="对应列">
            流水号：{batch.mapping.trade}；金额：{batch.mapping.amount}
            {batch.mapping.refund ? `−${batch.mapping.refund}` : ''}；时间：{batch.mapping.time}
          </Descriptions.Item>
          <Descriptions.Item label="结果">
            一致 {batch.matched_count}，长款 {batch.over_count}，短款 {batch.short_count}，金额不符{' '}
            {batch.mismatch_count}
          </Descriptions.Item>
          <Descriptions.Item label="对账人">{text(batch.created_by_name)}</Descriptions.Item>
          <Descriptions.Item label="完成时间">{time(batch.completed_at)}</Descriptions.Item>
        </Descriptions>
      )}
      {totals && (
        <Alert
          type={totals.open_count === 0 ? 'success' : 'warning'}
          showIcon
          title={`渠道合计 ¥${totals.channel_total}，系统合计 ¥${totals.peis_total}，差额 ¥${totals.difference}；差异明细合计 ¥${totals.explained}；未处理 ${totals.open_count} 笔`}
        />
      )}
      <Card
        size="small"
        title="对账明细"
        extra={
          <Space>
            <Segmented
              aria-label="对账结果"
              value={result}
              options={['全部', ...RECON_RESULTS]}
              onChange={(v) => setResult(String(v))}
            />
            <Switch checkedChildren="只看未处理" unCheckedChildren="全部" checked={openOnly} onChange={setOpenOnly} />
            <Input.Search
              aria-label="流水号"
              placeholder="流水号"
              allowClear
              style={{ width: 180 }}
              onSearch={setKey}
            />
          </Space>
        }
      >
        <GenericTable
          tableKey="recon-rows"
          rowKey="id"
          size="small"
          virtual={false}
          loading={rows.isFetching}
          pagination={{ pageSize: 50 }}
          dataSource={rows.data?.rows ?? []}
          columns={[
            { title: '流水号', dataIndex: 'trade_no', width: 180, render: (v: string | null) => v ?? '（无流水号）' },
            {
              title: '结果',
              dataIndex: 'result',
              width: 90,
              render: (r: string) => <Tag color={RESULT_COLORS[r]}>{r}</Tag>,
            },
            { title: '渠道金额', dataIndex: 'channel_amount', width: 100, align: 'right', render: text },
            { title: '系统金额', dataIndex: 'peis_amount', width: 100, align: 'right', render: text },
            { title: '差额', dataIndex: 'difference', width: 90, align: 'right' },
            { title: '渠道时间', dataIndex: 'channel_time', width: 160, render: time },
            { title: '体检号', dataIndex: 'order_id', width: 140, render: text },
            { title: '处理', dataIndex: 'resolution', width: 70, render: text },
            { title: '说明', dataIndex: 'note', width: 160, render: text },
            { title: '处理人', dataIndex: 'resolved_by_name', width: 80, render: text },
            { title: '处理时间', dataIndex: 'resolved_at', width: 160, render: time },
            {
              title: '操作',
              key: 'actions',
              width: 80,
              fixed: 'right',
              render: (_: unknown, row: ReconRow) =>
                mayResolve && row.result !== '一致' && row.resolution === null ? (
                  <Button type="link" size="small" onClick={() => setResolving(row)}>
                    处理
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
      {resolving && <ResolveDialog row={resolving} onClose={() => setResolving(null)} />}
    </Space>
  );
}
