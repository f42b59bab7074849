import { useState } from 'react';
import { App, Button, Card, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import {
  HANDOVER_STATE_LABELS,
  NOTICE_STATE_LABELS,
  PICKUP_METHOD_LABELS,
  REPORT_STATE_LABELS,
  type OutgoingRow,
} from '@checkup/api-contract';
import { GenericTable, type GenericColumn } from '@checkup/ui';
import { LogisticsFilters, toQuery, useLogisticsFilter } from '../shared/logistics-filters';
import { ReasonDialog } from '../shared/reason-dialog';
import { OwedTag } from '../shared/owed-tag';
import { UrgentTag } from '../shared/urgent-tag';
import { useOutgoingList } from './api/get-outgoing-list';
import { useRevokePickup } from './api/revoke-pickup';
import { NoticeDialog } from './components/notice-dialog';
import { NoticesDrawer } from './components/notices-drawer';
import { PickupDialog } from './components/pickup-dialog';

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

// breadth §3.4's 出库 columns.
const columns: GenericColumn<OutgoingRow>[] = [
  { title: '体检号', dataIndex: 'order_id', width: 150 },
  { title: '姓名', dataIndex: 'cust_name', width: 80 },
  { title: '加急', dataIndex: 'urgent', width: 60, render: (urgent: boolean) => <UrgentTag urgent={urgent} /> },
  { title: '欠费', key: 'owed', width: 120, render: (_: unknown, r) => <OwedTag unpaid={r.unpaid} held={r.held} /> },
  {
    title: '领取状态',
    dataIndex: 'state',
    width: 90,
    render: (s: OutgoingRow['state']) => (
      <Tag color={s === 'out' ? 'success' : 'processing'}>{HANDOVER_STATE_LABELS[s]}</Tag>
    ),
  },
  {
    title: '报告状态',
    dataIndex: 'report_state',
    width: 100,
    render: (s: OutgoingRow['report_state']) => (s ? REPORT_STATE_LABELS[s] : ''),
  },
  {
    title: '性别/年龄',
    key: 'sex_age',
    width: 80,
    render: (_: unknown, r) => `${r.sex === '1' ? '男' : '女'} / ${r.age}`,
  },
  { title: '单位', dataIndex: 'company_name', width: 140, render: (v: string | null) => v ?? '个人' },
  { title: '电话', dataIndex: 'phone', width: 110 },
  { title: '柜子号', dataIndex: 'cabinet_no', width: 70 },
  { title: '体检日期', dataIndex: 'exam_date', width: 100 },
  { title: '交接时间', dataIndex: 'handed_at', width: 140, render: time },
  { title: '交接人', dataIndex: 'handed_by_name', width: 80 },
  { title: '接收人', dataIndex: 'receiver', width: 100 },
  { title: '通知时间', dataIndex: 'notice_at', width: 140, render: time },
  {
    title: '通知结果',
    dataIndex: 'notice_state',
    width: 90,
    render: (s: OutgoingRow['notice_state']) => (s ? NOTICE_STATE_LABELS[s] : '未通知'),
  },
  { title: '通知备注', dataIndex: 'notice_remark', width: 120 },
  {
    title: '发放方式',
    dataIndex: 'pickup_method',
    width: 80,
    render: (m: OutgoingRow['pickup_method']) => (m ? PICKUP_METHOD_LABELS[m] : ''),
  },
  { title: '发放人', dataIndex: 'picked_by_name', width: 80 },
  { title: '领取人', dataIndex: 'pickup_receiver', width: 130 },
  { title: '领取时间', dataIndex: 'picked_at', width: 140, render: time },
  { title: '领取电话', dataIndex: 'pickup_phone', width: 110 },
  { title: '快递公司', dataIndex: 'courier_company', width: 90 },
  { title: '快递号', dataIndex: 'tracking_no', width: 120 },
  {
    title: '签名',
    dataIndex: 'has_signature',
    width: 60,
    render: (signed: boolean, r) => (r.state === 'out' ? (signed ? '有' : '无') : ''),
  },
  { title: '备注', dataIndex: 'pickup_remark', width: 120 },
];

/**
 * 报告出库 (finance_mg/report_outgoing, breadth §3.4): reports at the desk, 领取通知 by phone or SMS,
 * 查看短信 and 取消发送, 领取 with the collector's signature, and 反领取 of a collected one.
 */
export default function ReportOutgoing() {
  const { message } = App.useApp();
  const state = useLogisticsFilter('0');
  const list = useOutgoingList({ ...toQuery(state.filter, state.page), picked: state.filter.done || undefined });
  const [picking, setPicking] = useState<OutgoingRow | null>(null);
  const [noticing, setNoticing] = useState<OutgoingRow | null>(null);
  const [viewing, setViewing] = useState<OutgoingRow | null>(null);
  const [revoking, setRevoking] = useState<OutgoingRow | null>(null);
  const revoke = useRevokePickup();

  const onRevoke = async (reason: string) => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync({ order_id: revoking.order_id, reason });
      void message.success(`${revoking.cust_name}的报告已反领取`);
      setRevoking(null);
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  return (
    <Card size="small" title="报告出库（领取）">
      <LogisticsFilters
        doneLabels={['待领取', '已领取']}
        dateLabel="交接日期"
        value={state.filter}
        onChange={state.changeFilter}
        onRefresh={() => void list.refetch()}
      />
      <GenericTable<OutgoingRow>
        tableKey="report_outgoing"
        rowKey="handover_id"
        size="small"
        virtual={false}
        scroll={{ x: 2600 }}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={state.pagination(list.data?.total ?? 0)}
        columns={[
          ...columns,
          {
            title: '操作',
            key: 'actions',
            width: 230,
            fixed: 'right',
            render: (_: unknown, r) => (
              <Space size={4}>
                {r.state === 'in' ? (
                  <>
                    <Button size="small" type="primary" onClick={() => setPicking(r)}>
                      办理领取
                    </Button>
                    <Button size="small" onClick={() => setNoticing(r)}>
                      领取通知
                    </Button>
                  </>
                ) : (
                  <Button size="small" danger onClick={() => setRevoking(r)}>
                    反领取
                  </Button>
                )}
                <Button size="small" onClick={() => setViewing(r)}>
                  通知记录
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <PickupDialog row={picking} onClose={() => setPicking(null)} />
      <NoticeDialog row={noticing} onClose={() => setNoticing(null)} />
      <NoticesDrawer row={viewing} onClose={() => setViewing(null)} />
      <ReasonDialog
        title={`反领取 · ${revoking?.cust_name ?? ''}`}
        open={revoking !== null}
        pending={revoke.isPending}
        onConfirm={(reason) => void onRevoke(reason)}
        onClose={() => setRevoking(null)}
      />
    </Card>
  );
}
