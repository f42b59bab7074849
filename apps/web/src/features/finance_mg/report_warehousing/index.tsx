import { useState } from 'react';
import { App, Button, Card, Drawer, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import {
  HANDOVER_STATE_LABELS,
  REPORT_STATE_LABELS,
  reportCabinetResource,
  type WarehousingRow,
} from '@checkup/api-contract';
import { GenericTable, type GenericColumn } from '@checkup/ui';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { batchSummary } from '../shared/batch-summary';
import { CabinetSelect } from '../shared/cabinet-select';
import { LogisticsFilters, toQuery, useLogisticsFilter } from '../shared/logistics-filters';
import { ReasonDialog } from '../shared/reason-dialog';
import { OwedTag } from '../shared/owed-tag';
import { UrgentTag } from '../shared/urgent-tag';
import { useWarehousingList } from './api/get-warehousing-list';
import { useMarkReports } from './api/mark-reports';
import { useRevokeHandover } from './api/revoke-handover';
import { HandoverDialog } from './handover-dialog';

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

const columns: GenericColumn<WarehousingRow>[] = [
  { title: '体检号', dataIndex: 'order_id', width: 150 },
  { title: '姓名', dataIndex: 'cust_name', width: 80 },
  { title: '加急', dataIndex: 'urgent', width: 60, render: (urgent: boolean) => <UrgentTag urgent={urgent} /> },
  { title: '欠费', key: 'owed', width: 120, render: (_: unknown, r) => <OwedTag unpaid={r.unpaid} held={r.held} /> },
  {
    title: '性别/年龄',
    key: 'sex_age',
    width: 80,
    render: (_: unknown, r) => `${r.sex === '1' ? '男' : '女'} / ${r.age}`,
  },
  { title: '体检日期', dataIndex: 'exam_date', width: 100 },
  { title: '单位', dataIndex: 'company_name', width: 140, render: (v: string | null) => v ?? '个人' },
  {
    title: '报告状态',
    dataIndex: 'report_state',
    width: 110,
    render: (s: WarehousingRow['report_state']) => REPORT_STATE_LABELS[s],
  },
  {
    title: '交接状态',
    dataIndex: 'handover_state',
    width: 90,
    render: (s: WarehousingRow['handover_state']) =>
      s ? <Tag color={s === 'out' ? 'success' : 'processing'}>{HANDOVER_STATE_LABELS[s]}</Tag> : <Tag>未交接</Tag>,
  },
  { title: '柜子号', dataIndex: 'cabinet_no', width: 70 },
  { title: '接收人', dataIndex: 'receiver', width: 90 },
  { title: '交接时间', dataIndex: 'handed_at', width: 140, render: time },
  { title: '交接人', dataIndex: 'handed_by_name', width: 90 },
];

/**
 * 报告入库 (finance_mg/report_warehousing, breadth §3.4): final-reviewed reports handed to the report
 * desk (终审交接, several at once), 反交接 while not collected, 加急 and the cabinet, and 柜子管理.
 */
export default function ReportWarehousing() {
  const { message } = App.useApp();
  const state = useLogisticsFilter('0');
  const list = useWarehousingList({ ...toQuery(state.filter, state.page), handed: state.filter.done || undefined });
  const [chosen, setChosen] = useState<WarehousingRow[]>([]);
  const [handing, setHanding] = useState<string[] | null>(null);
  const [revoking, setRevoking] = useState<WarehousingRow | null>(null);
  const [cabinetsOpen, setCabinetsOpen] = useState(false);
  const [cabinetNo, setCabinetNo] = useState<string | undefined>();
  const mark = useMarkReports();
  const revoke = useRevokeHandover();
  const ids = chosen.map((r) => r.order_id);

  const onMark = async (change: { urgent?: '0' | '1'; cabinet_no?: string }, action: string) => {
    try {
      const summary = batchSummary(action, await mark.mutateAsync({ orderIds: ids, mark: change }));
      void message[summary.level](summary.text);
    } catch (err) {
      void message.error((err as Error).message);
    }
  };
  const onRevoke = async (reason: string) => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync({ order_id: revoking.order_id, reason });
      void message.success(`${revoking.cust_name}的报告已反交接`);
      setRevoking(null);
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  return (
    <Card
      size="small"
      title="报告入库（终审交接）"
      extra={<Button onClick={() => setCabinetsOpen(true)}>柜子管理</Button>}
    >
      <LogisticsFilters
        doneLabels={['未交接', '已交接']}
        dateLabel="体检日期"
        value={state.filter}
        onChange={(next) => {
          state.changeFilter(next);
          setChosen([]);
        }}
        onRefresh={() => void list.refetch()}
      />
      <Space wrap style={{ marginBottom: 8 }}>
        <Button type="primary" disabled={ids.length === 0} onClick={() => setHanding(ids)}>
          交接{ids.length > 0 ? `（${ids.length}）` : ''}
        </Button>
        <Button
          disabled={ids.length === 0}
          loading={mark.isPending}
          onClick={() => void onMark({ urgent: '1' }, '设为加急')}
        >
          设为加急
        </Button>
        <Button
          disabled={ids.length === 0}
          loading={mark.isPending}
          onClick={() => void onMark({ urgent: '0' }, '取消加急')}
        >
          取消加急
        </Button>
        <CabinetSelect aria-label="改为柜子" placeholder="改为柜子…" value={cabinetNo} onChange={setCabinetNo} />
        <Button
          disabled={ids.length === 0 || !cabinetNo}
          loading={mark.isPending}
          onClick={() => void onMark({ cabinet_no: cabinetNo }, '修改柜子号')}
        >
          修改柜子号
        </Button>
      </Space>
      <GenericTable<WarehousingRow>
        tableKey="report_warehousing"
        rowKey="order_id"
        size="small"
        virtual={false}
        scroll={{ x: 1400 }}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={state.pagination(list.data?.total ?? 0)}
        rowSelection={{ selectedRowKeys: ids, onChange: (_keys, rows) => setChosen(rows) }}
        columns={[
          ...columns,
          {
            title: '操作',
            key: 'actions',
            width: 90,
            fixed: 'right',
            render: (_: unknown, r) =>
              r.handover_state === 'in' ? (
                <Button size="small" danger onClick={() => setRevoking(r)}>
                  反交接
                </Button>
              ) : null,
          },
        ]}
      />
      <HandoverDialog orderIds={handing} onClose={() => setHanding(null)} />
      <ReasonDialog
        title={`反交接 · ${revoking?.cust_name ?? ''}`}
        open={revoking !== null}
        pending={revoke.isPending}
        onConfirm={(reason) => void onRevoke(reason)}
        onClose={() => setRevoking(null)}
      />
      <Drawer title="柜子管理" size={720} open={cabinetsOpen} onClose={() => setCabinetsOpen(false)} destroyOnHidden>
        <ResourceScreen
          resource={reportCabinetResource}
          title="报告柜"
          filters={[{ name: 'key', kind: 'search', label: '搜索柜子', placeholder: '柜子号或名称' }]}
          columns={[
            { title: '柜子号', dataIndex: 'cabinet_no', width: 80 },
            { title: '名称', dataIndex: 'cabinet_name', width: 120 },
            { title: '位置', dataIndex: 'location', width: 140 },
            { title: '备注', dataIndex: 'remark', width: 160 },
          ]}
          fields={[
            { name: 'cabinet_no', label: '柜子号', placeholder: '例如 3' },
            { name: 'cabinet_name', label: '名称', placeholder: '例如 3号柜' },
            { name: 'location', label: '位置' },
            { name: 'remark', label: '备注' },
          ]}
        />
      </Drawer>
    </Card>
  );
}
